//! A short `warwick-fuzz` on every test run: a thousand seeded requests through the real router
//! (well-formed, mutated, hostile, and a few sent twice at once), a few dozen mutated logs,
//! every game audited, and the claims lane's fixed forgeries (codes that would cost minutes, a
//! daily's code or log in casual mode, older bots, concurrent starts, settings junk). Any
//! finding (a panic, a 5xx, an error out of shape, a guard let through, an accepted forgery, a
//! broken invariant) fails it, with its reproducer named in the summary. The long run is
//! `scripts/fuzz.sh`.

#![allow(clippy::unwrap_used)] // a test: a failure should panic

use std::process::Command;

#[test]
fn a_short_fuzz_run_finds_nothing() {
    let out = tempfile::tempdir().unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_warwick-fuzz"))
        .args(["--requests", "1000", "--logs", "30", "--corpus", "1"])
        .args(["--seed", "1", "--out"])
        .arg(out.path())
        // The claims lane plays a daily to its end: a short one in a debug build.
        .env("WARWICK_DAILY_ROUNDS", "2")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    let summary: serde_json::Value = serde_json::from_slice(&run.stdout)
        .unwrap_or_else(|e| panic!("no JSON summary ({e}): {stderr}"));
    assert!(
        run.status.success(),
        "findings: {:#}\n{stderr}",
        summary["findings"]
    );
    assert_eq!(summary["findings"]["total"], 0);
    let kinds = &summary["requests"]["by_kind"];
    let count = |kind: &str| kinds[kind].as_u64().unwrap_or(0);
    for kind in ["call", "mutated", "transport"] {
        assert!(count(kind) > 100, "{kind}: {kinds}");
    }
    let sent = count("call") + count("mutated") + count("transport") + count("race");
    assert_eq!(sent, 1000, "{kinds}");
    // Each mutated log is also imported through the router.
    assert_eq!(count("log"), 30);
    assert_eq!(summary["requests"]["total"], 1030);
    assert_eq!(summary["logs"]["total"], 30, "{summary:#}");
    // The audit ran, and the log lanes both refused and accepted logs.
    // Each lane's first game is bots only, so its audit always exports and replays a log.
    let games = &summary["games"];
    assert!(games["verified"].as_u64().unwrap() > 0, "{games}");
    assert!(
        games["logs_replayed_with_invariants"].as_u64().unwrap() > 0,
        "{games}"
    );
    assert!(games["invariant_checks"].as_u64().unwrap() > 0, "{games}");
    let outcomes = &summary["logs"]["by_outcome"];
    assert!(
        outcomes["refused:verify"].as_u64().unwrap_or(0) > 0,
        "{outcomes}"
    );
    assert!(
        outcomes["accepted_equivalent"].as_u64().unwrap_or(0) > 0,
        "{outcomes}"
    );
    // Every claims case ran and none was a finding.
    let claims = summary["claims"].as_object().unwrap();
    let cases: u64 = claims.values().map(|n| n.as_u64().unwrap()).sum();
    assert!(cases >= 25, "{claims:?}");
    assert!(claims.keys().all(|k| !k.ends_with("FINDING")), "{claims:?}");
    assert!(out.path().join("summary.json").exists());
}
