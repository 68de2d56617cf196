// Start-up of the real window (issue 19), run under a display by scripts/budgets.sh: through
// tauri-driver (W3C WebDriver), from the request that starts the app to
// - the start screen interactive (the New game button enabled, after the app_info call), and
// - a resumed game's map with its pieces (the start screen, then the saved game's button, then
//   the map drawing its Noble chips),
// each over N cold starts (a new app process each time), median and worst. The resumed game is
// made once first, in a throwaway data folder kept for the runs. Prints one JSON object.
//
//   node ui/bench/startup.mjs --app target/release/warwick-app [--runs 5]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const app = args.app ?? 'target/release/warwick-app';
const runs = Number(args.runs ?? 5);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error('[startup]', ...a);

function findDriver() {
  if (process.env.TAURI_DRIVER) return process.env.TAURI_DRIVER;
  const dirs = (process.env.PATH ?? '').split(delimiter);
  dirs.push(join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin'));
  return dirs.map((d) => join(d, 'tauri-driver')).find((p) => existsSync(p)) ?? 'tauri-driver';
}

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function send(base, method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${json?.value?.message ?? ''}`);
  return json.value;
}

const IN_APP = (selector) => `document.querySelector('warwick-app')?.shadowRoot?.querySelector(${JSON.stringify(selector)})`;
const GAME = `const g = ${IN_APP('warwick-game')};`;

/** One cold start: a driver, a session (which starts the app), polled every 10 ms. */
async function coldStart(dataHome, what) {
  const port = await freePort();
  const nativePort = await freePort();
  const driver = spawn(findDriver(), ['--port', String(port), '--native-port', String(nativePort)], {
    env: { ...process.env, XDG_DATA_HOME: dataHome },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 200; i += 1) {
      if (await fetch(`${base}/status`).then((r) => r.ok, () => false)) break;
      await sleep(50);
    }
    const t0 = performance.now();
    const session = await send(base, 'POST', '/session', { capabilities: { alwaysMatch: { 'tauri:options': { application: app } } } });
    const id = session.sessionId;
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
    await until(`const b = ${IN_APP('#new-game')}; return !!b && !b.disabled;`);
    result.start_screen_ms = performance.now() - t0;
    if (what.resume) {
      await until(`const b = ${IN_APP('warwick-game-list')}?.shadowRoot?.querySelector('button.game-row:not([disabled])'); if (!b) return false; b.click(); return true;`);
      await until(`${GAME} const m = g?.shadowRoot?.querySelector('warwick-map'); return (m?.shadowRoot?.querySelectorAll('.noble').length ?? 0) >= 3;`);
      result.resumed_map_ms = performance.now() - t0;
    }
    if (what.make) {
      // Make the game to resume: a solo game against 3 Normal bots, played up to your decision.
      await run(`localStorage.setItem('warwick.speed', 'instant');`);
      await run(`const s = ${IN_APP('[data-field="seed"]')}; s.value = '5'; s.dispatchEvent(new Event('input', { bubbles: true }));`);
      await run(`${IN_APP('#new-game')}.click();`);
      await until(`${GAME} return !!g && !g.running && !g.busy && g.yourTurn;`, 120000);
    }
    await send(base, 'DELETE', `/session/${id}`).catch(() => undefined);
    return result;
  } finally {
    driver.kill('SIGTERM');
    await sleep(300);
  }
}

const dataHome = mkdtempSync(join(tmpdir(), 'warwick-startup-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  log('making the game to resume');
  await coldStart(dataHome, { make: true });
  const start = [];
  const resumed = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await coldStart(dataHome, { resume: true });
    start.push(r.start_screen_ms);
    resumed.push(r.resumed_map_ms);
    log(`run ${i + 1}: start screen ${r.start_screen_ms.toFixed(0)} ms, resumed map ${r.resumed_map_ms.toFixed(0)} ms`);
  }
  const fix = (x) => Math.round(x);
  console.log(JSON.stringify({
    runs,
    start_screen_ms: { median: fix(median(start)), max: fix(Math.max(...start)), all: start.map(fix) },
    resumed_map_ms: { median: fix(median(resumed)), max: fix(Math.max(...resumed)), all: resumed.map(fix) },
  }, null, 2));
} finally {
  rmSync(dataHome, { recursive: true, force: true });
}
