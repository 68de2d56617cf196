//! The environment the app and WebKit's processes start with. JavaScriptCore reads its options,
//! and glibc its allocator's settings, only from the environment a process starts with, and
//! WebKitGTK starts its web and network processes with the app's environment; so the app puts
//! the chosen settings in its own environment by starting itself again with them added (an
//! `exec`: the same process id, arguments and open files) before any window exists. Setting the
//! environment of the running process instead would need `unsafe` (`std::env::set_var`), which
//! the workspace forbids.
//!
//! Chosen by the figures in `docs/memory.md`:
//! - JavaScriptCore's optimising JIT (DFG, and FTL above it) off, so the page's code runs in the
//!   interpreter and the baseline JIT only: the game screen's web process holds about 7 MB less
//!   and the page keeps its pace (with the JIT off altogether it would hold 14 MB less but play a
//!   game about three times slower);
//! - the baseline JIT only for code that has run 20 to 40 times as often as JavaScriptCore
//!   waits by default (its thresholds 2,000 and 20,000 instead of 100 and 500): about 3 MB less
//!   on the game screen, a game played as fast, the map's pan and zoom within the runs' spread;
//! - its heap sized as if the machine had 256 MB of memory, so the JavaScript heap grows in
//!   smaller steps: after 10 games the web process holds about 20 MB less;
//! - glibc's allocator handing freed memory back sooner (memory freed at the top of its heap
//!   from 64 kB, blocks of 64 kB and more mapped on their own): the host and the web process
//!   hold about 1 MB less each on the game screen, and the host no longer swings by 2–4 MB
//!   from run to run;
//! - at most two of glibc's heaps (arenas) per process instead of one for each thread that
//!   allocates, up to eight per core: the host holds ~2 MB less on the game screen, and the
//!   content loaded on a thread of its own at the start (`boot.rs`) costs nothing extra.
//!
//! `WARWICK_WEBKIT_JIT=on` keeps JavaScriptCore's defaults; a setting already in the environment
//! is left as it is.
//!
//! Starting again costs a start of the app: loading GTK and WebKit's libraries once more, about
//! 60 ms before the window opens (`ui/bench/startup.mjs`). So the package's desktop entry
//! (`linux/warwick.desktop`, how the menu and warwick:// addresses start the app) gives the
//! settings itself, and only an app started some other way (from a terminal) starts twice.

/// JavaScriptCore's options the web process runs with.
pub const JAVASCRIPT: &[(&str, &str)] = &[
    ("JSC_useDFGJIT", "0"),
    ("JSC_thresholdForJITSoon", "2000"),
    ("JSC_thresholdForJITAfterWarmUp", "20000"),
    ("JSC_forceRAMSize", "268435456"),
];

/// glibc's allocator settings for the app and its WebKit processes.
pub const ALLOCATOR: &[(&str, &str)] = &[(
    "GLIBC_TUNABLES",
    "glibc.malloc.trim_threshold=65536:glibc.malloc.mmap_threshold=65536:glibc.malloc.arena_max=2",
)];

/// The chosen settings that `get` (the environment in the app) does not hold yet.
pub fn missing(get: impl Fn(&str) -> Option<String>) -> Vec<(&'static str, &'static str)> {
    let javascript = match get("WARWICK_WEBKIT_JIT").as_deref() {
        Some("on") => &[][..],
        _ => JAVASCRIPT,
    };
    javascript
        .iter()
        .chain(ALLOCATOR)
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

    /// Every chosen setting, in the order `missing` lists them.
    fn every_setting() -> Vec<(&'static str, &'static str)> {
        JAVASCRIPT.iter().chain(ALLOCATOR).copied().collect()
    }

    #[test]
    fn only_the_settings_not_already_set_are_added() {
        let all = every_setting();
        assert_eq!(missing(|_| None), all);
        let without_dfg = missing(|k| (k == "JSC_useDFGJIT").then(|| "1".to_owned()));
        assert_eq!(without_dfg, all[1..].to_vec());
        assert_eq!(
            missing(|k| k.starts_with("JSC_").then(|| "1".to_owned())),
            ALLOCATOR.to_vec()
        );
        let tuned = missing(|k| (k == "GLIBC_TUNABLES").then(|| "glibc.malloc.arena_max=1".into()));
        assert_eq!(tuned, JAVASCRIPT.to_vec());
    }

    #[test]
    fn the_desktop_entry_starts_the_app_with_every_setting() {
        let entry = include_str!("../linux/warwick.desktop");
        let settings: Vec<String> = every_setting()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let exec = format!("Exec=env {} {{{{exec}}}} %u", settings.join(" "));
        assert!(
            entry.lines().any(|line| line == exec),
            "the desktop entry should start the app with `{exec}`"
        );
    }

    #[test]
    fn the_environment_can_keep_the_default_jit() {
        assert_eq!(
            missing(|k| (k == "WARWICK_WEBKIT_JIT").then(|| "on".to_owned())),
            ALLOCATOR.to_vec()
        );
        assert_eq!(
            missing(|k| (k == "WARWICK_WEBKIT_JIT").then(|| "off".to_owned())),
            every_setting()
        );
    }
}
