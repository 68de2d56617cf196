//! The `warwick` binary behaves as a Unix tool: results on stdout, reasons on stderr, no panic
//! when the reader of its output goes away, and the exit statuses `warwick --help` lists
//! (0 done, 1 failed or refused, 2 bad usage, 141 output closed).

use std::process::{Command, Output, Stdio};

fn warwick(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_warwick"));
    command.args(args);
    command
}

fn run(args: &[&str]) -> Output {
    warwick(args).output().expect("warwick runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The reader of stdout is gone before a large output is written: the command stops with
/// status 141 and says nothing, and nothing panics.
#[test]
fn a_closed_reader_stops_the_output_without_a_panic() {
    for args in [&["content", "export", "--json"][..], &["info"][..]] {
        let mut child = warwick(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("warwick starts");
        // Close the only read end of the pipe: every write to it now fails.
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("warwick ends");
        let stderr = text(&output.stderr);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "{args:?}: {stderr}"
        );
        assert_eq!(output.status.code(), Some(141), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

/// The content export is larger than a pipe holds, so the test above writes into a full,
/// then closed, pipe rather than only into a buffer.
#[test]
fn a_whole_output_is_done() {
    let output = run(&["content", "export", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        output.stdout.len() > 1 << 16,
        "{} bytes",
        output.stdout.len()
    );
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
    let info = run(&["info"]);
    assert_eq!(info.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&info.stdout).expect("info is JSON");
    assert!(json.get("rules_version").is_some(), "{json}");
}

#[test]
fn bad_usage_is_status_2_on_stderr() {
    for args in [
        &["no-such-command"][..],
        &["info", "--no-such-option"][..],
        &["rules"][..],
        &["sim", "--setup", "sideways"][..],
        &["sim", "--bots", "nobody"][..],
        &["sim", "--bots", "normal@2"][..],
        &["arena", "--bots", "hard@x"][..],
    ] {
        let output = run(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("error"), "{args:?}: {stderr}");
        assert!(
            output.stdout.is_empty(),
            "{args:?}: {}",
            text(&output.stdout)
        );
    }
}

/// `kind@version` seats the choices of an older bots' version these bots still make.
#[test]
fn the_bots_of_the_version_before_are_seated_by_name() {
    let output = run(&[
        "sim",
        "--games",
        "2",
        "--players",
        "2",
        "--bots",
        "normal,normal@3",
        "--rounds",
        "3",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("sim is JSON");
    assert_eq!(
        json["bots"],
        serde_json::json!(["normal", "normal@3"]),
        "{json}"
    );
    assert_eq!(json["completed"], 2, "{json}");
}

#[test]
fn a_failure_is_status_1_with_the_reason_on_stderr() {
    let missing = std::env::temp_dir().join("warwick-no-such-scenario.json");
    let output = run(&["scenario", &missing.to_string_lossy()]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // With nobody reading stderr either, it still ends with its status, not a panic.
    let mut child = warwick(&["scenario", &missing.to_string_lossy()])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("warwick starts");
    drop(child.stderr.take());
    assert_eq!(child.wait().expect("warwick ends").code(), Some(1));
}

#[test]
fn help_lists_the_exit_statuses() {
    let output = run(&["--help"]);
    assert_eq!(output.status.code(), Some(0));
    let help = text(&output.stdout);
    for line in ["Exit status", "  0 ", "  1 ", "  2 ", "  141 "] {
        assert!(help.contains(line), "--help lacks {line:?}:\n{help}");
    }
    // Help into a closed reader is no panic either.
    let mut child = warwick(&["--help"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("warwick starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("warwick ends");
    assert!(!text(&output.stderr).contains("panicked"));
}
