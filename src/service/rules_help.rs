//! The rules help as the UI reads it: the reference sections, step and control help, the rule
//! behind every refusal, and the card and place entries, built once per process.

use std::sync::OnceLock;

use crate::help::{Reference, RulesReference, rules_reference};

use super::core::Service;
use super::error::{ServiceError, ServiceResult};

static BUILT: OnceLock<Result<RulesReference, String>> = OnceLock::new();

impl Service {
    /// The whole rules help (about the same for every call; built on the first).
    pub fn rules_reference(&self) -> ServiceResult<&'static RulesReference> {
        let content = self.content()?;
        BUILT
            .get_or_init(|| {
                let reference = Reference::embedded().map_err(|errors| {
                    errors
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; ")
                })?;
                Ok(rules_reference(&reference, content))
            })
            .as_ref()
            .map_err(|problem| ServiceError::InvalidContent(problem.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_has_sections_steps_refusals_and_entries() {
        let service = Service::new();
        let help = service.rules_reference().expect("help");
        assert!(help.sections.iter().any(|s| s.id == "movement"));
        assert!(help.steps.iter().any(|s| s.key == "phase.movement"));
        assert!(help.errors.iter().any(|e| e.code == "over_capacity"));
        assert!(help.entries.iter().any(|e| e.id == "london"));
    }

    #[test]
    fn a_refusal_names_its_rule() {
        let error = ServiceError::Rule(crate::rules::RuleError::NoFreeMove);
        let json = serde_json::to_value(&error).expect("json");
        assert_eq!(json["code"], "no_free_move");
        assert_eq!(json["rule"]["section"], "movement");
        assert_eq!(json["rule"]["anchor"], "9.70");
        let other = serde_json::to_value(ServiceError::UnknownGame(1)).expect("json");
        assert!(other.get("rule").is_none());
    }
}
