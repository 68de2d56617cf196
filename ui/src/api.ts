// The only way the UI talks to the backend. Inside the Tauri app it uses `invoke`; in a plain
// browser it calls the same service over HTTP against `warwick serve` (POST /api/<call>, JSON,
// with the launch token that the server puts in the page it serves).
import { invoke } from '@tauri-apps/api/core';
import type { CallName, Calls } from './bindings/calls';
import type { Command } from './bindings/Command';
import type { ConsideredAttack } from './bindings/ConsideredAttack';
import type { DailyRequest } from './bindings/DailyRequest';
import type { NewGame } from './bindings/NewGame';
import type { PhoneStatus } from './bindings/PhoneStatus';
import type { RuleLink } from './bindings/RuleLink';
import type { Settings } from './bindings/Settings';

/**
 * An error from the backend: a stable code and a message for people; a refusal by the rules
 * also names the rule behind its specific cause (`unreachable` for want of a ship links to
 * ships, not to Regional moves).
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly rule?: RuleLink,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * In the app: loads the page again with `query` as its address's query in a new web process
 * (the old one ended; `fresh_page` in src-tauri/src/webview.rs). Rejected outside the app and
 * where the web view cannot do it.
 */
export async function freshWebProcess(query: string): Promise<void> {
  if (!inTauri()) throw new ApiError('transport', 'not in the app');
  await invoke<null>('fresh_page', { query });
}

/** Whether this page runs inside the Tauri app. */
export function inTauri(): boolean {
  return typeof window !== 'undefined' && '__TAURI_INTERNALS__' in window;
}

function isRuleLink(value: unknown): value is RuleLink {
  return !!value && typeof value === 'object' && typeof (value as { section?: unknown }).section === 'string';
}

function toApiError(value: unknown): ApiError {
  if (value && typeof value === 'object' && 'code' in value && 'message' in value) {
    const { code, message, rule } = value as { code: unknown; message: unknown; rule?: unknown };
    return new ApiError(String(code), String(message), isRuleLink(rule) ? rule : undefined);
  }
  return new ApiError('transport', value instanceof Error ? value.message : String(value));
}

/** The header that carries the launch token (`TOKEN_HEADER` in src/web/guard.rs). */
export const TOKEN_HEADER = 'x-warwick-token';

let launchToken: string | null | undefined;

/**
 * The per-launch token `warwick serve` puts in the page it serves, as
 * `<meta name="warwick-token" content="...">`; read once. `null` where there is none: in the app
 * (which calls through `invoke`) and under `npm run dev` (whose proxy adds it).
 */
export function serverToken(): string | null {
  if (launchToken === undefined) {
    const meta = globalThis.document?.querySelector('meta[name="warwick-token"]');
    launchToken = meta?.getAttribute('content') || null;
  }
  return launchToken;
}

/**
 * Calls one service call of the table (src/service/calls.rs, typed by the generated
 * `bindings/calls.ts`) with its request; the answer is the call's own type. In the app every
 * call goes through its one `call` command; in a browser, `POST /api/<name>`.
 */
export async function call<K extends CallName>(
  name: K,
  request: Calls[K]['request'],
  fetcher: typeof fetch = globalThis.fetch?.bind(globalThis),
): Promise<Calls[K]['response']> {
  return (await send(name, request, fetcher)) as Calls[K]['response'];
}

/** Sends one call; the answer as it came. */
async function send(name: string, request: unknown, fetcher: typeof fetch): Promise<unknown> {
  if (inTauri()) {
    try {
      return await invoke<unknown>('call', { name, request });
    } catch (error) {
      throw toApiError(error);
    }
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = serverToken();
  if (token) headers[TOKEN_HEADER] = token;
  let response: Response;
  try {
    response = await fetcher(`./api/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
    });
  } catch (error) {
    throw toApiError(error);
  }
  const unread = Symbol('unread');
  const body: unknown = await response.json().catch(() => unread);
  if (!response.ok) {
    throw toApiError(body !== unread && body !== null ? body : { code: 'http', message: `HTTP ${response.status}` });
  }
  // An answer cut short (the connection dropped while it was read) is a failure, not a `null`.
  if (body === unread) throw new ApiError('transport', 'the answer from the game was cut short');
  return body;
}

/** The service API, one function per call; each request is built as its generated type. */
export const api = {
  appInfo: (fetcher?: typeof fetch) => call('app_info', {}, fetcher),
  /** The whole validated content: map, geometry, cards, tables, Event deck. */
  content: (fetcher?: typeof fetch) => call('content', {}, fetcher),
  /** The rules help: reference sections, step and control help, the rule behind each refusal. */
  rulesReference: (fetcher?: typeof fetch) => call('rules_reference', {}, fetcher),
  /** Where a seat stands towards a Prestige Victory claim: Prestige, target, what blocks it. */
  prestigeStanding: (game: number, faction: number) => call('prestige_standing', { game, faction }),
  /** Every stored game, newest first. */
  listGames: () => call('list_games', {}),
  /** Creates a game without letting the bots act yet (the UI steps them with `botStep`). */
  createGame: (request: NewGame) => call('create_game_paused', request),
  /** Where a game stands. */
  status: (game: number) => call('status', { game }),
  /** Archives a saved game out of the list (kept whole, and in the history), or brings it back. */
  archiveGame: (game: number, archived: boolean) => call('archive_game', { game, archived }),
  /** Deletes a whole saved game (never a day's scored attempt, nor a game a branch continues). */
  deleteGame: (game: number) => call('delete_game', { game }),
  /** Closes a game the person has left: the service lets go of it (it reopens from the log). */
  closeGame: (game: number) => call('close_game', { game }),
  /** What a seat may do now, each with its description and whether it could be undone (while others decide: what it may do at any time). */
  legal: (game: number, faction: number) => call('legal', { game, faction }),
  /** A person's command, without letting the bots act after it (also what they may do at any time while a bot is to move). */
  act: (game: number, by: number, command: Command, expectedLastSeq: number, advised = false) =>
    call('act', { game, by, command, expected_last_seq: expectedLastSeq, ...(advised ? { advised } : {}) }),
  /** What a Hard player would do in the person's seat now, with a one-line reason. */
  advice: (game: number, faction: number) => call('advice', { game, faction }),
  /** One round of a finished game's analysis: each faction's chance of winning then. */
  analysisRound: (game: number, index: number) => call('analysis_round', { game, index }),
  /** Whether the person's command would be taken now, and if not the rules' reason in words. */
  whyNot: (game: number, by: number, command: Command) => call('why_not', { game, by, command }),
  /**
   * A battle's or siege's odds as the rules weigh them: the attack under way (at `seq`, now when
   * absent; `by` null reads it from the public view), or one your seat considers starting.
   */
  battlePreview: (game: number, by: number | null, seq?: number, attack?: ConsideredAttack) =>
    call('battle_preview', { game, ...(by === null ? {} : { by }), ...(seq === undefined ? {} : { seq }), ...(attack ? { attack } : {}) }),
  /** Lets the awaited bot give one command. */
  botStep: (game: number, expectedLastSeq: number) => call('bot_step', { game, expected_last_seq: expectedLastSeq }),
  /**
   * Lets the bots act, a bounded batch of commands (the service's per-call limit), until a person
   * must decide; `passEmpty`: your card windows where you hold nothing to play pass on the way.
   */
  advance: (game: number, expectedLastSeq: number, passEmpty = false) =>
    call('advance', { game, expected_last_seq: expectedLastSeq, ...(passEmpty ? { pass_empty_windows: true } : {}) }),
  /** The view of a seat (or a spectator) at any seq. */
  stateAt: (game: number, seq: number, faction: number | null) => call('state_at', { game, seq, faction }),
  /** Every Noble's troop strength at a seq. */
  strengths: (game: number, seq: number) => call('strengths', { game, seq, faction: null }),
  /** Rounds → turns → phases → events, described. */
  timeline: (game: number) => call('timeline', { game }),
  /** Resigns the game for its person: it ends as their loss, with its score. */
  resign: (game: number, expectedLastSeq: number) => call('resign', { game, expected_last_seq: expectedLastSeq }),
  /** Undoes the player's last decision still in force. */
  undo: (game: number, expectedLastSeq: number) => call('undo', { game, expected_last_seq: expectedLastSeq, to_seq: null }),
  /** A new game continuing from a seq of this one. */
  branch: (game: number, seq: number) => call('branch', { game, seq }),

  // --- The Solo Challenge (docs/solo-challenge.md) ---
  /** A day's challenge (today's, UTC, when no date is given) and where the player stands with it. */
  daily: (date?: string, fetcher?: typeof fetch) => call('daily', dailyRequest(date), fetcher),
  /** Starts a day's challenge: its scored attempt the first time today, practice after. */
  startDaily: (date?: string, fetcher?: typeof fetch) => call('start_daily', dailyRequest(date), fetcher),
  /** The replay code of a finished game. */
  replayCode: (game: number, fetcher?: typeof fetch) => call('replay_code', { game }, fetcher),
  /** Replays a code (or a share line holding one) and checks its claim; stores nothing. */
  verifyCode: (code: string, fetcher?: typeof fetch) => call('verify_code', { code }, fetcher),
  /** Verifies a code and keeps its game, to watch on the timeline (`game` says which). */
  openCode: (code: string, fetcher?: typeof fetch) => call('open_code', { code }, fetcher),
  /** A game's story: every faction's Prestige by round and the key moments. */
  story: (game: number, fetcher?: typeof fetch) => call('story', { game }, fetcher),
  /** The player's history: games played and won, best and recent scores, the daily streak. */
  stats: (fetcher?: typeof fetch) => call('stats', {}, fetcher),
  /** Every finished game as one history file (its games' replay codes). */
  exportHistory: (fetcher?: typeof fetch) => call('export_history', {}, fetcher),
  /** A text (a link, a share line) as a QR code, an SVG picture. */
  qr: (text: string) => call('qr', { text }),
  /** A day's board among friends (today's by default): the results pasted, best first. */
  board: (date?: string) => call('board', date ? { date } : {}),
  /** Pastes share lines onto a day's board, each verified; go on from `next` until it is null. */
  boardPaste: (text: string, from: number, date?: string) => call('board_paste', { text, from, ...(date ? { date } : {}) }),
  /** Brings back a history file, a bounded share per call: go on from `next` until it is null. */
  importHistory: (text: string, from: number, fetcher?: typeof fetch) => call('import_history', { text, from }, fetcher),

  // --- The app's settings, kept between runs (src/service/settings.rs) ---
  /** The settings and where things are kept (the games folder, the settings file). */
  settings: () => call('settings', {}),
  /** Keeps new settings; a new games folder takes the games along, at once. */
  saveSettings: (settings: Settings) => call('save_settings', settings),
  /** The settings back to their defaults; games are not touched. */
  resetSettings: () => call('reset_settings', {}),
  /** Every finished game as one history file, also written into the games folder. */
  exportAllGames: () => call('export_all_games', {}),
  // --- Play on your phone (src/service/phone.rs): the computer's own calls ---
  /** Where the game is served on the home network and which phones are paired. */
  phone: () => call('phone', {}),
  /** A new one-time pairing address (ten minutes) with its QR code. */
  phonePairing: () => call('phone_pairing', {}),
  /** Stops a paired phone from reaching the games. */
  phoneRevoke: (id: string) => call('phone_revoke', { id }),
  /** Serves the games on the home network from the app (the app only: a browser is served by `warwick serve --lan`). */
  serveOnLan: async (): Promise<PhoneStatus> => {
    if (!inTauri()) throw new ApiError('app_only', 'start Warwick with `warwick serve --lan` to serve your phone');
    try {
      return await invoke<PhoneStatus>('serve_on_lan');
    } catch (error) {
      throw toApiError(error);
    }
  },
  /** Opens the games folder in the system's file manager (the app only: a browser shows the path). */
  openGamesFolder: async (): Promise<null> => {
    if (!inTauri()) throw new ApiError('app_only', 'only the app opens folders: the path is shown instead');
    try {
      return await invoke<null>('open_games_folder');
    } catch (error) {
      throw toApiError(error);
    }
  },
};

/** The request for a day's challenge: the date only when one is given (the service's today otherwise). */
function dailyRequest(date?: string): DailyRequest {
  return date ? { date } : {};
}
