// The server's memory over many games (issue 21), called by scripts/budgets.sh: `warwick serve`
// on a throwaway database; games of you + 3 Normal bots are opened one after another as the UI
// opens them (create, status, legal, the bots advanced to you, the timeline, a look back at an
// earlier moment) and then closed as the UI closes a game the person leaves (`close_game`).
// Resident memory after the first game is the base; the budget is that after N games it stays
// within 10 MB of it (docs/bounded-server.md).
//
//   node ui/bench/server.mjs --bin target/release/warwick [--games 100]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCall, startServer } from '../e2e/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const bin = args.bin ?? join(root, 'target', 'release', 'warwick');
const games = Number(args.games ?? 100);
const log = (...a) => console.error('[server]', ...a);

const dir = mkdtempSync(join(tmpdir(), 'warwick-server-bench-'));
const server = startServer(bin, join(root, 'ui', 'dist'), {}, ['--db', join(dir, 'games.db')]);
const { child } = server;
const url = await server.url;

const rssMb = () => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;

async function call(name, body) {
  const response = await apiCall(url, name, body);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Opens a game as the UI does and plays the bots up to you. */
async function openGame(seed) {
  const seats = [{ kind: 'human' }, ...[1, 2, 3].map((i) => ({ kind: 'bot', tier: 'normal', seed: seed + i }))];
  const created = await call('create_game_paused', { mode: 'casual', seats, setup: 'preset', two_player_variant: null, time_limit_rounds: 15, seed });
  const game = Number(created.game);
  // A round or so: the bots advanced, your step ended (or passed, or the first command given).
  let status = await call('status', { game });
  for (let i = 0; i < 60 && !status.outcome; i += 1) {
    if (status.bots_to_move) {
      status = (await call('advance', { game, expected_last_seq: status.head })).status;
    } else if (status.awaiting.includes(0)) {
      const legal = (await call('legal', { game, faction: 0 })).commands ?? [];
      const pick = legal.find((l) => l.command.type === 'EndStep' || l.command.type === 'Pass') ?? legal[0];
      if (!pick) break;
      status = (await call('act', { game, by: 0, command: pick.command, expected_last_seq: status.head })).status;
    } else break;
  }
  const head = Number(status.head);
  await call('legal', { game, faction: 0 });
  await call('timeline', { game });
  await call('state_at', { game, seq: Math.floor(head / 2), faction: 0 });
  return game;
}

const samples = [];
let base;
try {
  for (let n = 1; n <= games; n += 1) {
    await call('close_game', { game: await openGame(1000 + n) });
    if (n === 1) base = rssMb();
    if (n === 1 || n % 10 === 0) {
      samples.push({ games: n, rss_mb: +rssMb().toFixed(1) });
      log(`${n} games: ${rssMb().toFixed(1)} MB`);
    }
  }
} finally {
  child.kill('SIGINT');
}
const end = samples[samples.length - 1];
console.log(JSON.stringify({ games, rss_after_first_mb: +base.toFixed(1), rss_after_all_mb: end.rss_mb, growth_mb: +(end.rss_mb - base).toFixed(1), samples }, null, 2));
await new Promise((r) => child.once('exit', r));
rmSync(dir, { recursive: true, force: true });
