// Start-up of the real window (issue 19), run under a display by scripts/budgets.sh: through
// tauri-driver (W3C WebDriver), from the request that starts the app to
// - the start screen interactive (the New game button enabled: the page knows the app's facts), seen
//   over WebDriver (which lags the page's own moment, `timeline`'s `drawn`, by ~40 ms), and
// - a resumed game's map with its pieces (the start screen, then the saved game's button, then
//   the map drawing its Noble chips),
// each over N cold starts (a new app process each time), median and worst. The resumed game is
// made once first, in a throwaway data folder kept for the runs. Each run also gives its
// timeline (see `timeline`). With --floor, the empty Tauri window instead, to its page loaded:
// the part of a start no page of ours can save. Prints one JSON object.
//
//   node ui/bench/startup.mjs --app target/release/warwick-app [--runs 5] [--from-terminal 1]
//   node ui/bench/startup.mjs --floor target/dist/warwick-empty-window [--runs 5]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { median } from '../../scripts/budgets/median.mjs';
import { tree } from '../../scripts/budgets/process-tree.mjs';
import { findDriver, freePort, send as request } from '../e2e/webdriver.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const app = args.app ?? 'target/release/warwick-app';
/**
 * The environment the app starts with: the one the package's desktop entry gives it (how the
 * menu starts it: `Exec=env K=V … warwick-app %u`, src-tauri/linux/warwick.desktop), or with
 * `--from-terminal 1` none, so the app starts itself again to add its settings
 * (src-tauri/src/web_process.rs).
 */
function launchEnv() {
  if (args['from-terminal']) return {};
  const entry = readFileSync(new URL('../../src-tauri/linux/warwick.desktop', import.meta.url), 'utf8');
  const exec = entry.split('\n').find((line) => line.startsWith('Exec=env '));
  if (!exec) throw new Error('the desktop entry has no `Exec=env …` line');
  return Object.fromEntries(exec.slice('Exec=env '.length).split(' ').filter((w) => /^[A-Z_a-z]+=/.test(w)).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
}
const launch = launchEnv();
const runs = Number(args.runs ?? 5);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error('[startup]', ...a);

const send = async (...a) => (await request(...a)).value;

const IN_APP = (selector) => `document.querySelector('warwick-app')?.shadowRoot?.querySelector(${JSON.stringify(selector)})`;
const GAME = `const g = ${IN_APP('warwick-game')};`;

/** One cold start: a driver, a session (which starts the app), polled every 10 ms. */
async function coldStart(dataHome, what, application = app) {
  const port = await freePort();
  const nativePort = await freePort();
  const driver = spawn(findDriver(), ['--port', String(port), '--native-port', String(nativePort)], {
    env: { ...process.env, ...launch, XDG_DATA_HOME: dataHome },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 200; i += 1) {
      if (await fetch(`${base}/status`).then((r) => r.ok, () => false)) break;
      await sleep(50);
    }
    const t0 = performance.now();
    const launched = Date.now();
    const session = await send(base, 'POST', '/session', { capabilities: { alwaysMatch: { 'tauri:options': { application } } } });
    const id = session.sessionId;
    const sessionMs = performance.now() - t0;
    const run = (script) => send(base, 'POST', `/session/${id}/execute/sync`, { script, args: [] });
    const until = async (script, timeout = 30000) => {
      const started = performance.now();
      while (performance.now() - started < timeout) {
        const value = await run(script).catch(() => null);
        if (value) return value;
        await sleep(10);
      }
      throw new Error(`timed out: ${script}`);
    };
    const result = {};
    const exec = processStart(driver.pid, launched, application);
    // The start screen's New game button enabled; for the floor, the empty window's page loaded.
    await until(what.floor
      ? `return document.readyState === 'complete' && !!document.querySelector('p');`
      : `const b = ${IN_APP('#new-game')}; return !!b && !b.disabled;`);
    result.start_screen_ms = performance.now() - t0;
    // Not waited for here: a process it cannot find would hold up the resumed game's time.
    result.timeline = await timeline(run, launched, sessionMs);
    if (what.resume) {
      await until(`const b = ${IN_APP('warwick-game-list')}?.shadowRoot?.querySelector('button.game-row:not([disabled])'); if (!b) return false; b.click(); return true;`);
      await until(`${GAME} const m = g?.shadowRoot?.querySelector('warwick-map'); return (m?.shadowRoot?.querySelectorAll('.noble').length ?? 0) >= 3;`);
      result.resumed_map_ms = performance.now() - t0;
    }
    if (what.smooth) result.pan_zoom = await panZoom(run, until);
    if (what.make) {
      // Make the game to resume: a solo game against 3 Normal bots, played up to your decision.
      await run(`localStorage.setItem('warwick.speed', 'instant');`);
      await run(`const s = ${IN_APP('[data-field="seed"]')}; s.value = '5'; s.dispatchEvent(new Event('input', { bubbles: true }));`);
      await run(`${IN_APP('#new-game')}.click();`);
      await until(`${GAME} return !!g && !g.running && !g.busy && g.yourTurn;`, 120000);
    }
    result.timeline.app_exec = await exec;
    await send(base, 'DELETE', `/session/${id}`).catch(() => undefined);
    return result;
  } finally {
    driver.kill('SIGTERM');
    await sleep(300);
  }
}

/**
 * When the app's process began, in ms from `launched` (to ~10 ms: the kernel counts a process's
 * start in clock ticks since boot): the first process under the driver (`tree`) named as
 * `application`'s file (the kernel keeps 15 characters of it), looked for every 5 ms until it
 * shows, for at most 10 s.
 */
async function processStart(driverPid, launched, application) {
  const file = basename(application).slice(0, 15);
  const started = Date.now();
  while (Date.now() - started < 10000) {
    for (const pid of tree(driverPid)) {
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== file) continue;
      const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
      const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
      const now = Date.now();
      return Math.round(now - (uptime - ticks / 100) * 1000 - launched);
    }
    await sleep(5);
  }
  return null;
}

/**
 * Where a cold start's time went, in ms from the request that started the app (the page's clock
 * and this one are the same machine's): the page's navigation began, its document arrived, it
 * was parsed, the UI's script had run (`warwick:script`, ui/src/main.ts), the app's facts were
 * known (`warwick:info`, ui/src/app.ts: given at the page's start by the app, src-tauri/src/boot.rs,
 * else app_info's answer), the start screen was drawn with them (`warwick:ready`), and the
 * frame after that had been painted (`warwick:shown`: at most a frame late); when the
 * WebDriver session (which starts the app) was ready; and, added by `coldStart`, when the app's
 * process began (`app_exec`, within a few ms of the request: the request is the launch).
 */
async function timeline(run, launched, sessionMs) {
  const page = await run(`
    const n = performance.getEntriesByType('navigation')[0] ?? {};
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return { origin: performance.timeOrigin, response_end: n.responseEnd ?? null, dom_interactive: n.domInteractive ?? null,
      dom_content_loaded: n.domContentLoadedEventEnd ?? null, script: mark('warwick:script'), info: mark('warwick:info'), ready: mark('warwick:ready'), shown: mark('warwick:shown') };`);
  const start = page.origin - launched;
  const at = (x) => (x === null || x === undefined ? null : Math.round(start + x));
  return {
    navigation_start: Math.round(start),
    document: at(page.response_end),
    parsed: at(page.dom_interactive),
    dom_content_loaded: at(page.dom_content_loaded),
    script_run: at(page.script),
    app_info: at(page.info),
    drawn: at(page.ready),
    on_screen: at(page.shown),
    webdriver_session: Math.round(sessionMs),
  };
}

/**
 * The map with every piece drawn (`?demo=pieces`) zoomed by the wheel and dragged for 5 s by
 * events made in the page at 125 Hz (WebDriver's own input is too slow to drive a gesture), with
 * requestAnimationFrame counting the frames drawn and the gaps between them (WebKit has no
 * long-task observer).
 */
async function panZoom(run, until) {
  await run(`location.search = '?demo=pieces';`);
  await sleep(500);
  await until(`return (${IN_APP('warwick-map')}?.shadowRoot?.querySelectorAll('.stack').length ?? 0) > 0;`);
  await sleep(1000);
  await run(`
    const frame = ${IN_APP('warwick-map')}.shadowRoot.querySelector('.frame');
    const box = frame.getBoundingClientRect();
    const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
    const stats = (window.__panZoom = { frames: 0, gaps: [], done: false, moved: 0 });
    let last = performance.now();
    const started = last;
    const tick = (now) => {
      stats.frames += 1;
      stats.gaps.push(now - last);
      last = now;
      if (now - started < 5000) requestAnimationFrame(tick);
      else stats.done = true, stats.seconds = (now - started) / 1000;
    };
    requestAnimationFrame(tick);
    let i = 0, down = false;
    const views = new Set();
    stats.views = () => views.size;
    const timer = setInterval(() => {
      if (stats.done) return;
      views.add(frame.dataset.view);
      const phase = Math.floor(i / 60) % 4, t = i % 60;
      const at = { clientX: cx + 120 * Math.cos(i / 20), clientY: cy + 80 * Math.sin(i / 20), bubbles: true, cancelable: true, composed: true };
      if (phase === 0 || phase === 2) {
        if (down) { frame.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true })); down = false; }
        frame.dispatchEvent(new WheelEvent('wheel', { ...at, deltaY: phase === 0 ? -40 : 40, deltaMode: 0 }));
      } else if (!down) {
        frame.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: 1 }));
        down = true;
      } else {
        frame.dispatchEvent(new PointerEvent('pointermove', { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true, buttons: 1 }));
      }
      i += 1;
    }, 8);
    const stop = setInterval(() => { if (stats.done) { clearInterval(timer); clearInterval(stop); } }, 50);
    return true;`);
  const stats = await until(`const s = window.__panZoom; return s && s.done ? { ...s, views: s.views() } : null;`, 20000);
  const gaps = stats.gaps.slice(1);
  return {
    seconds: +stats.seconds.toFixed(2),
    raf_fps: +(stats.frames / stats.seconds).toFixed(1),
    frames_over_50ms: gaps.filter((g) => g > 50).length,
    longest_frame_ms: +Math.max(...gaps).toFixed(1),
    views_seen: stats.views,
  };
}

const dataHome = mkdtempSync(join(tmpdir(), 'warwick-startup-'));
/** Each moment of the timelines, its median over the runs. */
const medianTimeline = (lines) =>
  Object.fromEntries(Object.keys(lines[0] ?? {}).map((k) => [k, median(lines.map((l) => l[k]).filter((x) => x !== null))]));
try {
  if (args.floor) {
    // The floor: the empty Tauri window (benches/empty-window) started the same way, to its page
    // loaded; what any Tauri window on this machine costs before a line of Warwick runs.
    const floor = [];
    const lines = [];
    for (let i = 0; i < runs; i += 1) {
      const r = await coldStart(dataHome, { floor: true }, args.floor);
      floor.push(r.start_screen_ms);
      lines.push(r.timeline);
      log(`floor run ${i + 1}: page loaded ${r.start_screen_ms.toFixed(0)} ms`, JSON.stringify(r.timeline));
    }
    console.log(JSON.stringify({ runs, floor_ms: { median: Math.round(median(floor)), all: floor.map(Math.round) }, timeline_median: medianTimeline(lines), timelines: lines }, null, 2));
    process.exit(0);
  }
  log('making the game to resume');
  await coldStart(dataHome, { make: true });
  if (args.smooth) {
    // Smoothness in the real window, in the rendering mode the environment asks for.
    const r = await coldStart(dataHome, { smooth: true });
    console.log(JSON.stringify({ compositing: process.env.WARWICK_WEBKIT_COMPOSITING ?? 'chosen', pan_zoom: r.pan_zoom }, null, 2));
    process.exit(0);
  }
  const start = [];
  const resumed = [];
  const timelines = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await coldStart(dataHome, { resume: true });
    start.push(r.start_screen_ms);
    resumed.push(r.resumed_map_ms);
    timelines.push(r.timeline);
    log(`run ${i + 1}: start screen ${r.start_screen_ms.toFixed(0)} ms, resumed map ${r.resumed_map_ms.toFixed(0)} ms`, JSON.stringify(r.timeline));
  }
  const fix = (x) => Math.round(x);
  console.log(JSON.stringify({
    runs,
    launched: args['from-terminal'] ? 'from a terminal (the app starts itself again with its settings)' : 'as the desktop entry starts it',
    start_screen_ms: { median: fix(median(start)), max: fix(Math.max(...start)), all: start.map(fix) },
    resumed_map_ms: { median: fix(median(resumed)), max: fix(Math.max(...resumed)), all: resumed.map(fix) },
    timeline_median: medianTimeline(timelines),
    timelines,
  }, null, 2));
} finally {
  rmSync(dataHome, { recursive: true, force: true });
}
