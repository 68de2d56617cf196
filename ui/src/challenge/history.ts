// The player's history in words and numbers (pure, no DOM), for the saved games list and the
// stats screen: a saved game's row, the daily results as a histogram (worst first), records
// (played, won) as sorted rows, and a win rate.

import type { GameSummary } from '../bindings/GameSummary';
import type { Record as PlayedRecord } from '../bindings/Record';
import { RESULTS, pointsWords, resultName, resultShort } from './words';

/** What a saved game is, in a few words: `You led Talbot's Faction · against 2 Normal bots · challenge` (someone else's game, opened to watch, says so). */
export function gameRowWords(g: GameSummary): string[] {
  const human = g.seats.findIndex((s) => s.kind === 'human');
  const parts: string[] = [];
  if (human >= 0 && g.watched) parts.push(g.faction ? `A shared game, watched: the player led ${g.faction}` : 'A shared game, watched');
  else if (human >= 0) parts.push(g.faction ? `You led ${g.faction}` : 'You');
  else parts.push(`${g.seats.length} bots`);
  if (human >= 0 && g.lineup) parts.push(g.lineup.replace(/^Against/, 'against'));
  parts.push(g.mode);
  // A daily's seed is too large for a JavaScript number to show exactly: its day names it.
  if (!g.daily) parts.push(`seed ${g.seed}`);
  if (g.parent) parts.push(`branched from game ${g.parent[0]}`);
  return parts;
}

/** Where a saved game stands: `in progress, round 4`, `Prestige Victory · 8,171 points`. */
export function gameStateWords(g: GameSummary): string {
  if (g.damaged) return 'damaged: its saved moves do not hold, so it cannot be opened';
  if (!g.playable) return 'made by an earlier Warwick: cannot be opened';
  if (!g.ended) return `in progress, round ${g.round}`;
  if (g.result) return `${resultName(g.result)}${g.score !== null ? ` · ${pointsWords(g.score)}` : ''}`;
  return 'ended';
}

/** One bar of the daily histogram. */
export interface Bar {
  result: string;
  label: string;
  count: number;
  /** Its length, 0–100, the longest bar at 100 (an empty bar keeps a sliver). */
  percent: number;
}

/** The daily results as bars, worst first (loss, minor, shared, prestige, royalty), then any other. */
export function histogram(results: { [key: string]: number | undefined }): Bar[] {
  const keys: string[] = [...RESULTS, ...Object.keys(results).filter((k) => !(RESULTS as readonly string[]).includes(k)).sort()];
  const max = Math.max(1, ...keys.map((k) => results[k] ?? 0));
  return keys.map((result) => {
    const count = results[result] ?? 0;
    return { result, label: resultShort(result), count, percent: Math.round((100 * count) / max) };
  });
}

/** Records by name, most played first (then by name). */
export function recordRows(records: { [key: string]: PlayedRecord | undefined }): { name: string; played: number; won: number }[] {
  return Object.entries(records)
    .filter((e): e is [string, PlayedRecord] => !!e[1])
    .map(([name, r]) => ({ name, played: r.played, won: r.won }))
    .sort((a, b) => b.played - a.played || a.name.localeCompare(b.name));
}

/** `50%`, or `–` with nothing played. */
export function winRate(record: PlayedRecord): string {
  return record.played ? `${Math.round((100 * record.won) / record.played)}%` : '–';
}
