// Memory of the real window (issue 21), run under a display (scripts/budgets.sh starts Xvfb):
// an empty Tauri 2 window built from our own Cargo.lock is the floor; then Warwick's start
// screen, a game screen 10 s after opening, and the app after a long session (N games of you +
// 3 Normal bots played by the page's own autoplay, ui/src/bench/autoplay.ts, with nothing
// attached to the page). Each is PSS, RSS and private memory from /proc/PID/smaps_rollup, per
// process (the app and every WebKit child) and in total, and as a ratio to the floor of the same
// rendering mode. Prints one JSON object.
//
//   node scripts/budgets/memory.mjs --app target/release/warwick-app
//        --empty target/release/warwick-empty-window [--games 10] [--modes default,off]
//        [--app-env KEY=V,KEY=V]   environment given to the app only (a lever tried on it)
//        [--points floor,start,game,session]   which points to measure (all by default)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './median.mjs';
import { tree } from './process-tree.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const app = args.app ?? 'target/release/warwick-app';
const empty = args.empty ?? 'target/release/warwick-empty-window';
const games = Number(args.games ?? 10);
const modes = (args.modes ?? 'default,off').split(',');
const settle = Number(args.settle ?? 10) * 1000;
const appEnv = Object.fromEntries((args['app-env'] ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const points = (args.points ?? 'floor,start,game,session').split(',');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error('[memory]', ...a);

/** One process's memory in MB, from smaps_rollup. */
export function memoryOf(pid) {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  return {
    pid,
    name: comm,
    pss_mb: kb('Pss') / 1024,
    rss_mb: kb('Rss') / 1024,
    private_mb: (kb('Private_Clean') + kb('Private_Dirty')) / 1024,
  };
}

/** The memory of a process and its children, per process and summed. */
export function sample(root) {
  const processes = [];
  for (const pid of tree(root)) {
    try {
      processes.push(memoryOf(pid));
    } catch {
      /* gone or not readable */
    }
  }
  const sum = (k) => Math.round(processes.reduce((s, p) => s + p[k], 0) * 10) / 10;
  const round = (p) => ({ ...p, pss_mb: +p.pss_mb.toFixed(1), rss_mb: +p.rss_mb.toFixed(1), private_mb: +p.private_mb.toFixed(1) });
  return { pss_mb: sum('pss_mb'), rss_mb: sum('rss_mb'), private_mb: sum('private_mb'), processes: processes.map(round) };
}

/** The web process's part of a sample (WebKitWebProcess). */
const web = (s) => s.processes.filter((p) => /WebKitWebProces|WebProcess/.test(p.name)).reduce((t, p) => t + p.pss_mb, 0);

/** Starts a binary with its own data folder; returns the child and a stop function. */
function launch(bin, env) {
  const data = mkdtempSync(join(tmpdir(), 'warwick-budgets-'));
  if (bin === app) env = { ...appEnv, ...env };
  const child = spawn(bin, [], { env: { ...process.env, XDG_DATA_HOME: data, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += String(c)));
  const stop = async () => {
    const all = tree(child.pid);
    child.kill('SIGTERM');
    for (let i = 0; i < 50 && all.some(alive); i += 1) await sleep(100);
    for (const pid of all.filter(alive)) process.kill(pid, 'SIGKILL');
    rmSync(data, { recursive: true, force: true });
  };
  return { child, data, stop, stderr: () => stderr };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Games in the app's database and how many have ended (a read-only look with Python's sqlite3). */
function progress(data) {
  const db = join(data, 'io.github.warwick.app', 'warwick.db');
  try {
    const out = execFileSync('python3', ['-c', `
import sqlite3, sys
c = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True, timeout=2)
g = c.execute('select count(*) from games').fetchone()[0]
e = c.execute("select count(distinct game_id) from events where kind = 'GameEnded'").fetchone()[0]
print(g, e)`, db], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const [created, ended] = out.trim().split(' ').map(Number);
    return { created, ended };
  } catch {
    return { created: 0, ended: 0 };
  }
}

async function floor(mode) {
  const run = launch(empty, mode === 'off' ? { WEBKIT_DISABLE_COMPOSITING_MODE: '1' } : {});
  await sleep(settle);
  const s = sample(run.child.pid);
  await run.stop();
  return s;
}

async function startScreen(mode) {
  const run = launch(app, { WARWICK_WEBKIT_COMPOSITING: mode });
  await sleep(settle);
  const s = sample(run.child.pid);
  await run.stop();
  return s;
}

async function gameScreen(mode) {
  const run = launch(app, { WARWICK_WEBKIT_COMPOSITING: mode, WARWICK_AUTOPLAY: 'open' });
  for (let i = 0; i < 600 && progress(run.data).created < 1; i += 1) await sleep(100);
  await sleep(settle);
  const s = sample(run.child.pid);
  await run.stop();
  return s;
}

/** How long into each game of a session its web process is sampled: each game has a web process
 * of its own, which is still starting when the game's row is made (a sample then once read
 * 16 MB, and the growth from it +92 MB). */
const intoGame = 5000;

async function session(mode) {
  const run = launch(app, { WARWICK_WEBKIT_COMPOSITING: mode, WARWICK_AUTOPLAY: String(games) });
  const started = Date.now();
  const inGame = {};
  let due = null;
  let last = { created: 0, ended: 0 };
  const deadline = started + Number(args.minutes ?? 60) * 60000;
  while (Date.now() < deadline) {
    const now = progress(run.data);
    if (now.created !== last.created) due = { game: now.created, at: Date.now() + intoGame };
    if (due && Date.now() >= due.at) {
      inGame[due.game] = sample(run.child.pid);
      log(`${mode}: game ${due.game}, ${Math.round((Date.now() - started) / 1000)} s into the session, web process ${web(inGame[due.game]).toFixed(0)} MB PSS`);
      due = null;
    }
    last = now;
    if (now.ended >= games) break;
    if (run.child.exitCode !== null) break;
    await sleep(due ? Math.max(100, Math.min(2000, due.at - Date.now())) : 2000);
  }
  await sleep(settle);
  const end = sample(run.child.pid);
  await run.stop();
  // Games 2 to 4, once each is under way: the middle one of them is where the session's
  // growth is counted from (one odd sample does not make the figure).
  const early = [2, 3, 4].filter((n) => inGame[n]).map((n) => web(inGame[n]));
  const from = early.length > 0 ? median(early) : null;
  return {
    games_played: last.ended,
    seconds: Math.round((Date.now() - started) / 1000),
    end,
    web_pss_into_game_mb: Object.fromEntries(Object.entries(inGame).map(([k, s]) => [k, +web(s).toFixed(1)])),
    web_growth_games_2_to_4_to_end_mb: from === null ? null : +(web(end) - from).toFixed(1),
  };
}

const report = { games, settle_s: settle / 1000, modes: {} };
for (const mode of modes) {
  const out = { app_env: appEnv };
  log(`mode ${mode}: the empty window`);
  const f = points.includes('floor') ? await floor(mode) : null;
  const ratio = (s) => (f ? +(s.pss_mb / f.pss_mb).toFixed(2) : null);
  out.floor = f;
  if (points.includes('start')) {
    log(`mode ${mode}: Warwick's start screen`);
    out.start_screen = await startScreen(mode);
    out.start_ratio = ratio(out.start_screen);
  }
  if (points.includes('game')) {
    log(`mode ${mode}: a game screen`);
    out.game_screen = await gameScreen(mode);
    out.game_ratio = ratio(out.game_screen);
  }
  if (games > 0 && points.includes('session')) {
    log(`mode ${mode}: a session of ${games} games`);
    out.session = await session(mode);
    out.session_ratio = ratio(out.session.end);
  }
  report.modes[mode] = out;
  log(`mode ${mode}: floor ${f?.pss_mb} MB PSS, start ${out.start_screen?.pss_mb} MB ×${out.start_ratio}, game ${out.game_screen?.pss_mb} MB ×${out.game_ratio}${out.session ? `, session ${out.session.end.pss_mb} MB ×${out.session_ratio}, web growth ${out.session.web_growth_games_2_to_4_to_end_mb} MB` : ''}`);
}
console.log(JSON.stringify(report, null, 2));
