#!/usr/bin/env node
// How fast the bots' turns reach the screen (issue 21, "Bot rounds at the pace of the engine"):
// starts `warwick serve`, opens a game of you + 3 Normal bots in headless Chromium at the
// fastest bot speed ("Instant"), and plays your seat the simplest way (end the step or pass
// when allowed, else the first command). For each of your commands after which the bots act,
// it times, inside the page, from giving the command to your next decision being on screen
// (your turn, nothing running, the page rendered and painted), and counts the bot commands
// and the service calls in between. Prints one JSON object: the samples' p50/p95/max, with
// the machine's load (`uptime`) before and after. Not a test: a measurement to compare runs.
//
//   node scripts/bot-round-pace.mjs [--samples N] [--seed S] [--max-seconds T]
//
// Needs `cargo build -p warwick` and the built UI (`cd ui && npm run build`); WARWICK_BIN,
// WARWICK_UI_DIR and CHROMIUM override the binary, the built UI and the browser.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'ui', 'package.json'));
const { chromium } = require('playwright-core');
const { apiCall, startServer } = await import(pathToFileURL(join(root, 'ui', 'e2e', 'serve.mjs')).href);

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const wanted = option('samples', 30);
const seed = option('seed', 7);
const maxSeconds = option('max-seconds', 300);
const bin = process.env.WARWICK_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'debug', 'warwick');
/** Bot commands from which a handover counts as a bot turn, not a card window they pass. */
const BOT_TURN = 10;
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** The q-quantile of sorted numbers (nearest rank). */
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : null);

const loadBefore = uptime();
const server = startServer(bin, process.env.WARWICK_UI_DIR ?? join(root, 'ui', 'dist'));
let browser;
try {
  const url = await server.url;
  const request = {
    mode: 'casual',
    seats: [{ kind: 'human' }, ...[1, 2, 3].map((i) => ({ kind: 'bot', tier: 'normal', seed: seed + i }))],
    setup: 'preset',
    two_player_variant: null,
    time_limit_rounds: null,
    seed,
  };
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => localStorage.setItem('warwick.speed', 'instant'));
  /** Opens a new game (the next seed each time) by its address. */
  const open = async (n) => {
    const created = await (await apiCall(url, 'create_game_paused', { ...request, seed: seed + 100 * n })).json();
    await page.goto(new URL(`?game=${created.game}`, url).toString());
    await page.locator('warwick-game[data-loaded]').waitFor({ timeout: 60000 });
  };
  let games = 1;
  await open(0);

  const samples = [];
  const started = Date.now();
  while (samples.length < wanted && Date.now() - started < maxSeconds * 1000) {
    const step = await page.evaluate(async () => {
      const game = document.querySelector('warwick-app').shadowRoot.querySelector('warwick-game');
      const settled = () => game.status?.outcome || (game.yourTurn && !game.running && !game.busy && game.legal.length > 0);
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      while (!settled()) await new Promise((r) => setTimeout(r, 5));
      if (game.status.outcome) return { ended: true };
      const pick = ['DrawEventCard', 'Pass', 'EndStep'].map((t) => game.legal.find((l) => l.command.type === t)).find(Boolean) ?? game.legal[0];
      const bots = game.botCount;
      const calls = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).length;
      performance.clearResourceTimings();
      const callsBefore = calls();
      const t0 = performance.now();
      await game.choose(pick);
      // The bots start on the next tick: wait for them to be done and your decision painted.
      await new Promise((r) => setTimeout(r, 0));
      while (!settled()) await new Promise((r) => setTimeout(r, 2));
      await game.updateComplete;
      await frame();
      return { ms: performance.now() - t0, botCommands: game.botCount - bots, calls: calls() - callsBefore, command: pick.command.type, round: game.live?.clock.round ?? null };
    });
    if (step.ended) {
      await open(games);
      games += 1;
      continue;
    }
    if (step.botCommands > 0) samples.push(step);
  }
  const rounds = samples.filter((s) => s.botCommands >= BOT_TURN);
  const summary = (list) => {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    return {
      count: list.length,
      p50_ms: Math.round(quantile(ms, 0.5) ?? 0),
      p95_ms: Math.round(quantile(ms, 0.95) ?? 0),
      max_ms: Math.round(ms.at(-1) ?? 0),
      bot_commands_mean: list.length ? +(list.reduce((n, s) => n + s.botCommands, 0) / list.length).toFixed(1) : 0,
      calls_mean: list.length ? +(list.reduce((n, s) => n + s.calls, 0) / list.length).toFixed(1) : 0,
    };
  };
  console.log(JSON.stringify({
    what: 'from your command to your next decision on screen, bots at the fastest speed (3 Normal bots), headless Chromium',
    seed,
    games,
    bot_turn_means: `at least ${BOT_TURN} bot commands (a card window the bots only pass counts as a handover, not a turn)`,
    bot_turns: summary(rounds),
    all_handovers: summary(samples),
    target_p95_ms: 500,
    load_before: loadBefore,
    load_after: uptime(),
    samples_ms_botcommands_calls: samples.map((s) => `${Math.round(s.ms)}/${s.botCommands}/${s.calls}`).join(' '),
  }, null, 1));
} finally {
  await browser?.close();
  server.child.kill('SIGTERM');
}
