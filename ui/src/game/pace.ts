// How the bots' steps are paced on the map at a speed: what shows there is given time to be
// followed, by how much it matters — a battle, a capture, a death, a coronation, a Parliament
// or an Alliance the speed's whole pause; a move (a Noble, a ship, a Royal, an attack begun)
// a shorter one, which its animation takes; an Event card drawn or a place changing hands a
// glance — and the steps that show nothing go by at once, the digest telling them afterwards.
import type { RowText } from '../bindings/RowText';

/** Events worth the speed's whole pause. */
const MOMENTS: ReadonlySet<string> = new Set([
  'CombatResolved', 'NobleCaptured', 'NobleDied', 'RoyalCrowned', 'RoyalDied', 'ParliamentSummoned', 'AllianceFormed', 'GameEnded',
]);
/** Moves: the time their animation takes. */
const MOVES: ReadonlySet<string> = new Set([
  'NobleMoved', 'ShipMoved', 'ShipLanding', 'ShipAtSea', 'RoyalMoved', 'RoyalControlGained', 'NobleAttacked', 'TargetAttacked',
]);
/** A glance: what changes a mark on the map rather than moving a piece. */
const GLANCES: ReadonlySet<string> = new Set(['EventCardDrawn', 'ControlChanged']);

/** A move's share of the speed's pause. */
const MOVE_SHARE = 0.6;
/** A glance's share of the speed's pause. */
const GLANCE_SHARE = 0.3;

/** How long a move is drawn moving at a speed of `ms` between steps (none at the fastest). */
export function moveMs(ms: number): number {
  return ms > 0 ? Math.min(900, Math.max(200, Math.round(ms * MOVE_SHARE))) : 0;
}

/** The pause after a bot step that gave `rows`, at a speed of `ms` between steps. */
export function pauseAfter(rows: RowText[], ms: number): number {
  if (ms <= 0) return 0;
  if (rows.some((r) => MOMENTS.has(r.kind))) return ms;
  if (rows.some((r) => MOVES.has(r.kind))) return moveMs(ms);
  if (rows.some((r) => GLANCES.has(r.kind))) return Math.round(ms * GLANCE_SHARE);
  return 0;
}

/** Whether a bot step's rows show on the map (the board is fetched for them at once). */
export function worthWatching(rows: RowText[]): boolean {
  return rows.some((r) => MOMENTS.has(r.kind) || MOVES.has(r.kind) || GLANCES.has(r.kind));
}
