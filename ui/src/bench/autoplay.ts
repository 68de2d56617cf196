// The memory benchmark's autoplay (scripts/budgets.sh): with `?autoplay=N` in the page's address
// (the desktop app adds it when started with WARWICK_AUTOPLAY=N), the page plays N Solo games
// of you + 3 Normal bots by itself, through the same screens a person uses: the New game form,
// the game screen's `choose` (a seeded pick among your legal commands), the end screen's New game
// button. Nothing is attached to the page from outside, so the web process grows only as it would
// for a person playing. `?autoplay=open` starts one game and stops there (the "game screen"
// measurement); `?autoplay=leave` starts one game and leaves it for the start screen
// (scripts/swap-check.sh: each in a new web process). Progress is in
// `document.body.dataset.autoplay` ("3/10", then "done") and in the games the database holds,
// which is what the benchmark reads. Leaving a game loads the page afresh (ui/src/app.ts), so
// where the autoplay stands is kept in the window's session storage.
//
// Off unless the address asks for it; a person never meets it.

/** What the game screen offers the autoplay (the public members it uses). */
interface GameLike extends HTMLElement {
  legal: { command: { type: string } }[];
  busy: boolean;
  running: boolean;
  yourTurn: boolean;
  status?: { outcome?: unknown };
  setSpeed(id: string): void;
  choose(legal: unknown): Promise<void>;
  leave(): void;
}

const TICK_MS = 50;
/** Rounds per game: the form's time limit, so every game ends (about 85 rounds over 10 games). */
const ROUNDS = '8';

/** Starts the autoplay when the page's address asks for it. */
export function autoplayFromAddress(): void {
  const want = new URLSearchParams(window.location.search).get('autoplay');
  if (!want) return;
  const games = want === 'open' || want === 'leave' ? 0 : Math.max(1, Number(want) || 1);
  void run(games, want === 'leave');
}

/** Where the autoplay stands, kept in the window's session storage: the page is loaded afresh
 * each time a game is left (ui/src/app.ts, freshPage), and the autoplay carries on from there. */
interface Progress {
  played: number;
  opened: number;
  ended: number;
  /** The generator's state. */
  seed: number;
  /** `?autoplay=leave`: the game opened has been left. */
  left?: boolean;
}

const KEY = 'warwick-autoplay';

function loadProgress(games: number): Progress {
  const kept = sessionStorage.getItem(KEY);
  return kept ? (JSON.parse(kept) as Progress) : { played: 0, opened: -1, ended: -1, seed: games + 1 };
}

/** A small seeded generator (mulberry32) whose state lives in `p`, so every run picks the same commands. */
function next(p: Progress): number {
  p.seed = (p.seed + 0x6d2b79f5) | 0;
  let t = Math.imul(p.seed ^ (p.seed >>> 15), 1 | p.seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function appRoot(): ShadowRoot | null {
  return document.querySelector('warwick-app')?.shadowRoot ?? null;
}

function setField(root: ShadowRoot, field: string, value: string): void {
  const input = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-field="${field}"]`);
  if (!input) return;
  input.value = value;
  input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Fills the New game form (you + 3 Normal bots, a fixed seed, 8 rounds) and presses Start. */
async function startFromForm(root: ShadowRoot, seed: number): Promise<boolean> {
  const start = root.querySelector<HTMLButtonElement>('#new-game');
  if (!start || start.disabled) return false;
  root.querySelector<HTMLInputElement>('[data-field="solo"]')?.click();
  await sleep(0);
  setField(root, 'bots', '3');
  await sleep(0);
  for (let i = 0; i < 3; i += 1) setField(root, `tier-${i}`, 'normal');
  setField(root, 'seed', String(seed));
  setField(root, 'time-limit', ROUNDS);
  await sleep(0);
  start.click();
  return true;
}

async function run(games: number, leave = false): Promise<void> {
  const p = loadProgress(games);
  const save = () => sessionStorage.setItem(KEY, JSON.stringify(p));
  document.body.dataset.autoplay = `${p.played}/${games}`;
  for (;;) {
    await sleep(TICK_MS);
    const root = appRoot();
    if (!root) continue;
    const game = root.querySelector<GameLike>('warwick-game');
    if (!game) {
      if (p.played >= games && p.opened >= 0 && (!leave || p.left)) break;
      if (await startFromForm(root, 1000 + p.played)) await sleep(500);
      continue;
    }
    const id = Number(game.dataset.loaded ?? 0);
    if (id > 0 && id !== p.opened) {
      p.opened = id;
      save();
      game.setSpeed('instant');
      if (games === 0 && !leave) break;
    }
    if (leave && p.opened >= 0 && !p.left) {
      p.left = true;
      save();
      game.leave();
      continue;
    }
    if (game.busy || game.running) continue;
    if (game.status?.outcome) {
      if (p.ended === id) {
        game.leave();
        continue;
      }
      p.ended = id;
      p.played += 1;
      save();
      document.body.dataset.autoplay = `${p.played}/${games}`;
      // The end screen's New game, as a person would; the game's menu when it is not shown.
      const end = root.querySelector('warwick-end-screen')?.shadowRoot?.querySelector<HTMLButtonElement>('[data-action="new-game"]');
      if (end) end.click();
      else game.leave();
      await sleep(300);
      continue;
    }
    if (!game.yourTurn || game.legal.length === 0) continue;
    const pick = next(p);
    save();
    await game.choose(game.legal[Math.floor(pick * game.legal.length)]);
  }
  document.body.dataset.autoplay = 'done';
}
