// Folding the log's set-up: the dozens of lines that deal the Factions, cards and pieces before
// the first turn read as one line, "Set-up", opened on demand.

import type { RowText } from '../bindings/RowText';

/** The rows before the first turn began, and the rest (both oldest first). */
export function splitSetup(rows: RowText[]): { setup: RowText[]; play: RowText[] } {
  const first = rows.findIndex((r) => r.kind === 'TurnBegan');
  if (first < 0) return rows.some((r) => r.kind === 'GameStarted') ? { setup: rows, play: [] } : { setup: [], play: rows };
  return { setup: rows.slice(0, first), play: rows.slice(first) };
}
