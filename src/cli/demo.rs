//! `warwick info` and `warwick demo`.

use super::CliResult;
use warwick::service::Service;

/// Prints `app_info` as JSON.
pub fn info() -> CliResult {
    let info = Service::new().app_info();
    println!("{}", serde_json::to_string_pretty(&info)?);
    Ok(())
}

/// The headless demo: what the app's first screen says.
pub fn demo() -> CliResult {
    let info = Service::new().app_info();
    println!(
        "{} {} (rules v{})",
        info.name, info.version, info.rules_version
    );
    println!("{}", info.content_summary);
    Ok(())
}
