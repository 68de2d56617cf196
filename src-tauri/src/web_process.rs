//! The environment WebKit's web process starts with. JavaScriptCore reads its options only from
//! the environment of the process it runs in, and WebKitGTK starts its web process with the app's
//! environment, so the app puts the chosen options in its own environment by starting itself
//! again with them added (an `exec`: the same process id, arguments and open files) before any
//! window exists. Setting the environment of the running process instead would need `unsafe`
//! (`std::env::set_var`), which the workspace forbids.
//!
//! Chosen by the figures in `docs/memory.md`:
//! - JavaScriptCore's optimising JIT (DFG, and FTL above it) off, so the page's code runs in the
//!   interpreter and the baseline JIT only: the game screen's web process holds about 7 MB less
//!   and the page keeps its pace (with the JIT off altogether it would hold 14 MB less but play a
//!   game about three times slower);
//! - its heap sized as if the machine had 256 MB of memory, so the JavaScript heap grows in
//!   smaller steps: after 10 games the web process holds about 20 MB less.
//!
//! `WARWICK_WEBKIT_JIT=on` keeps JavaScriptCore's defaults; an option already in the
//! environment is left as it is.

/// JavaScriptCore's options the web process runs with.
pub const CHOSEN: &[(&str, &str)] = &[("JSC_useDFGJIT", "0"), ("JSC_forceRAMSize", "268435456")];

/// The chosen options that `get` (the environment in the app) does not hold yet.
pub fn missing(get: impl Fn(&str) -> Option<String>) -> Vec<(&'static str, &'static str)> {
    if get("WARWICK_WEBKIT_JIT").as_deref() == Some("on") {
        return Vec::new();
    }
    CHOSEN
        .iter()
        .filter(|(key, _)| get(key).is_none())
        .copied()
        .collect()
}

/// Starts the app again with the missing options added; returns only when none were missing or
/// when that failed (the app then runs with JavaScriptCore's defaults).
#[cfg(target_os = "linux")]
pub fn set_up() {
    use std::os::unix::process::CommandExt;
    let missing = missing(|key| std::env::var_os(key).map(|v| v.to_string_lossy().into_owned()));
    if missing.is_empty() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let error = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .envs(missing)
        .exec();
    eprintln!("Warwick runs with JavaScriptCore's default options: {error}");
}

/// Other systems: nothing to set.
#[cfg(not(target_os = "linux"))]
pub fn set_up() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_options_not_already_set_are_added() {
        assert_eq!(missing(|_| None), CHOSEN.to_vec());
        assert_eq!(
            missing(|k| (k == "JSC_useDFGJIT").then(|| "1".to_owned())),
            vec![("JSC_forceRAMSize", "268435456")]
        );
        assert!(missing(|k| k.starts_with("JSC_").then(|| "1".to_owned())).is_empty());
    }

    #[test]
    fn the_environment_can_keep_the_default_jit() {
        assert!(missing(|k| (k == "WARWICK_WEBKIT_JIT").then(|| "on".to_owned())).is_empty());
        assert_eq!(
            missing(|k| (k == "WARWICK_WEBKIT_JIT").then(|| "off".to_owned())),
            CHOSEN.to_vec()
        );
    }
}
