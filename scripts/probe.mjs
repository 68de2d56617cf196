// The load probe: how long `warwick serve`'s calls take under many clients at once, and how
// long listing a thousand saved games takes and what it costs in memory. It starts the release
// server on a throwaway database, fills it with saved games, then lets N clients play for a
// while (a person's games, games of bots only created and branched, undo, time travel, the
// timeline, the saved games list), timing every call. Prints one JSON report.
//
//   node scripts/probe.mjs [--bin target/release/warwick] [--clients 20] [--seconds 30]
//                          [--games 1000] [--seed 1]
//
// Targets (issue 13): every call's p99 ≤ 250 ms under 20 clients; list_games over 1,000
// saved games ≤ 100 ms with ≤ 20 MB of memory growth. No call may answer 5xx.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const bin = args.bin ?? 'target/release/warwick';
const clients = Number(args.clients ?? 20);
const seconds = Number(args.seconds ?? 30);
const savedGames = Number(args.games ?? 1000);
let seed = Number(args.seed ?? 1);

/** A small seeded generator (mulberry32), so the probe's choices repeat. */
function rng(s) {
  return () => {
    s |= 0;
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dir = mkdtempSync(join(tmpdir(), 'warwick-probe-'));
const server = spawn(bin, ['serve', '--port', '0', '--db', join(dir, 'probe.db')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const { url, token } = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const url = out.match(/http:\/\/127\.0\.0\.1:\d+\//)?.[0];
    const token = out.match(/[Tt]oken[^:]*:\s*([0-9a-f]{32,})/)?.[1];
    if (url && token) resolve({ url, token });
  });
  server.on('exit', (code) => reject(new Error(`warwick serve exited (${code}): ${out}`)));
  setTimeout(() => reject(new Error(`warwick serve did not start: ${out}`)), 20000);
});

const timings = new Map();
const failures = new Map();
async function call(name, body, { time = true } = {}) {
  const started = performance.now();
  const response = await fetch(new URL(`api/${name}`, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-warwick-token': token },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  const ms = performance.now() - started;
  if (time) {
    if (!timings.has(name)) timings.set(name, []);
    timings.get(name).push(ms);
  }
  if (!response.ok) {
    const key = `${name} ${response.status} ${json?.code ?? '?'}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
    return { ok: false, status: response.status, json };
  }
  return { ok: true, json };
}

function rss(field = 'VmRSS') {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))[1]) / 1024;
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0);
const round = (x) => Math.round(x * 10) / 10;

// 1. Saved games: fill the list, then time listing it and what it costs in memory.
const bots = (n, tier, base) => Array.from({ length: n }, (_, i) => ({ kind: 'bot', tier, seed: base + i }));
const newGame = (seats, s, extra = {}) => ({ mode: 'casual', seats, setup: 'preset', two_player_variant: null, time_limit_rounds: 30, seed: s, ...extra });
for (let i = 0; i < savedGames; i += 20) {
  await Promise.all(
    Array.from({ length: Math.min(20, savedGames - i) }, (_, j) =>
      call('create_game_paused', newGame([{ kind: 'human' }, ...bots(2, 'normal', i + j)], i + j), { time: false }),
    ),
  );
}
// Warm: the first reads of the database pages, and every worker thread of the server's pool,
// each of which keeps a few MB for its allocator however small the call (measured apart as
// `worker_threads_mb`).
const cold = rss();
for (let i = 0; i < 40; i += 1) await call('list_games', {}, { time: false });
const warmedThreads = rss() - cold;
writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // reset the peak resident size
const before = rss();
const listed = [];
for (let i = 0; i < 20; i += 1) {
  const started = performance.now();
  const answer = await call('list_games', {}, { time: false });
  listed.push(performance.now() - started);
  if (process.env.PROBE_DEBUG) console.error('list', i, rss(), rss('VmHWM'));
  if (!answer.ok || answer.json.length < savedGames) throw new Error('list_games failed');
}
const peak = rss('VmHWM');
listed.sort((a, b) => a - b);
const list = {
  games: savedGames,
  p50_ms: round(pct(listed, 0.5)),
  max_ms: round(listed.at(-1)),
  memory_growth_mb: round(Math.max(0, peak - before)),
  worker_threads_mb: round(warmedThreads),
};

// 2. Load: each client plays a person's game and watches bots, for `seconds`.
const until = performance.now() + seconds * 1000;
async function settle(status, random) {
  // Bots act a bounded share per call: step on until a person must decide.
  let guard = 0;
  while (status?.bots_to_move && guard++ < 200) {
    const stepped = await call(random() < 0.5 ? 'advance' : 'bot_step', { game: status.game, expected_last_seq: status.head });
    if (!stepped.ok) return status;
    status = stepped.json.status;
  }
  return status;
}
async function client(index) {
  const random = rng(seed * 1000 + index);
  let mine = null;
  let watch = null;
  while (performance.now() < until) {
    const roll = random();
    if (!mine || mine.outcome) {
      const created = await call('create_game', newGame([{ kind: 'human' }, ...bots(2 + (index % 3), index % 2 ? 'normal' : 'random', index * 10)], seed * 100 + index));
      mine = created.ok ? await settle(created.json, random) : null;
    } else if (!watch || watch.outcome || roll < 0.05) {
      const created = await call('create_game', newGame(bots(5, 'random', index * 7), seed * 300 + index, { time_limit_rounds: null }));
      watch = created.ok ? created.json : null;
    } else if (roll < 0.55) {
      const legal = await call('legal', { game: mine.game, faction: 0 });
      if (legal.ok && legal.json.commands.length) {
        const commands = legal.json.commands;
        const quick = commands.find((c) => c.command.type === 'EndStep' || c.command.type === 'Pass');
        const pick = quick && random() < 0.7 ? quick : commands[Math.floor(random() * commands.length)];
        const acted = await call('act', { game: mine.game, by: 0, command: pick.command, expected_last_seq: legal.json.head });
        if (acted.ok) mine = await settle(acted.json.status, random);
      }
    } else if (roll < 0.62) {
      const undone = await call('undo', { game: mine.game, expected_last_seq: mine.head, to_seq: null });
      if (undone.ok) mine = await settle(undone.json, random);
    } else if (roll < 0.72) {
      await call('state_at', { game: mine.game, seq: Math.floor(random() * mine.head), faction: 0 });
      await call('strengths', { game: mine.game, seq: mine.head, faction: null });
    } else if (roll < 0.78) {
      await call('timeline', { game: mine.game });
    } else if (roll < 0.8) {
      await call('list_games', {});
    } else if (roll < 0.86) {
      const branched = await call('branch', { game: watch.game, seq: Math.max(1, watch.head) });
      if (branched.ok) watch = branched.json;
    } else {
      const stepped = await call('advance', { game: watch.game, expected_last_seq: watch.head });
      if (stepped.ok) watch = stepped.json.status;
    }
    mine = mine && (await call('status', { game: mine.game })).json;
  }
}
const loadBefore = loadavg()[0];
await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
const loadAfter = loadavg()[0];

const routes = {};
const all = [];
for (const [name, list] of [...timings].sort()) {
  list.sort((a, b) => a - b);
  all.push(...list);
  routes[name] = { calls: list.length, p50_ms: round(pct(list, 0.5)), p99_ms: round(pct(list, 0.99)), max_ms: round(list.at(-1)) };
}
all.sort((a, b) => a - b);
const fiveHundreds = [...failures].filter(([k]) => / 5\d\d /.test(k));
const report = {
  machine: { cpus: cpus().length, load_1m_before: round(loadBefore), load_1m_after: round(loadAfter) },
  clients,
  seconds,
  calls: all.length,
  p50_ms: round(pct(all, 0.5)),
  p99_ms: round(pct(all, 0.99)),
  max_ms: round(all.at(-1) ?? 0),
  routes,
  list_games: list,
  refusals: Object.fromEntries(failures),
  server_errors: fiveHundreds.length,
  targets: {
    p99_at_most_250_ms: Object.values(routes).every((r) => r.p99_ms <= 250),
    list_games_at_most_100_ms: list.max_ms <= 100,
    list_games_growth_at_most_20_mb: list.memory_growth_mb <= 20,
    no_5xx: fiveHundreds.length === 0,
  },
};
server.kill('SIGINT');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(report, null, 2));
process.exit(Object.values(report.targets).every(Boolean) ? 0 : 1);
