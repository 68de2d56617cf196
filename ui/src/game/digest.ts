// "Since your last turn": what each bot did, one line per action (a command and what came of
// it: moved, attacked, crowned, Parliament, cards), from the rows the service describes. Passes
// and step ends that changed nothing are folded into a count. Pure; tested in digest.test.ts.

import type { RowText } from '../bindings/RowText';

/** Rows that only keep the books: a decision opened or moved on, the clock moved. */
export const BOOKKEEPING: ReadonlySet<string> = new Set([
  'DecisionOpened',
  'DecisionUpdated',
  'DecisionClosed',
  'ClockAdvanced',
  'TurnBegan',
  'EventCardDiscarded',
]);

/** Consequences worth a note after the line. */
const NOTABLE: ReadonlySet<string> = new Set([
  'CombatResolved',
  'NobleDied',
  'NobleCaptured',
  'RoyalCrowned',
  'RoyalDied',
  'RoyalControlGained',
  'ControlChanged',
  'PrestigeChanged',
  'ParliamentSummoned',
  'EventCardDrawn',
  'BesiegedMarked',
  'AllianceFormed',
  'HandCardsGiven',
  'PrestigeCardClaimed',
]);

export type DigestIcon = 'move' | 'sea' | 'attack' | 'crown' | 'parliament' | 'card' | 'event' | 'offer' | 'other';

export interface DigestEntry {
  /** The command's seq (the game before it is at seq − 1). */
  seq: number;
  /** The last row it led to. */
  end: number;
  by: number;
  text: string;
  notes: string[];
  icon: DigestIcon;
}

export interface Digest {
  entries: DigestEntry[];
  /** Passes and step ends folded away. */
  folded: number;
}

/** One command with the rows that followed it. */
export interface Action {
  command: RowText;
  rows: RowText[];
}

/** Splits rows into commands and what each led to (rows before the first command are dropped). */
export function actions(rows: RowText[]): Action[] {
  const out: Action[] = [];
  for (const row of rows) {
    if (row.kind === 'Command') out.push({ command: row, rows: [] });
    else if (row.kind === 'Undone') out.push({ command: row, rows: [] });
    else out[out.length - 1]?.rows.push(row);
  }
  return out.filter((a) => a.command.kind === 'Command');
}

/** Whether an action changed anything beyond the books (a pass or a step end that led nowhere did not). */
export function significant(action: Action): boolean {
  return action.rows.some((r) => !BOOKKEEPING.has(r.kind));
}

function iconOf(kinds: Set<string>): DigestIcon {
  if (kinds.has('CombatResolved') || kinds.has('TargetAttacked') || kinds.has('NobleAttacked')) return 'attack';
  if (kinds.has('RoyalCrowned')) return 'crown';
  if (kinds.has('ParliamentSummoned')) return 'parliament';
  if (kinds.has('ShipMoved') || kinds.has('ShipPutOut') || kinds.has('ShipAtSea')) return 'sea';
  if (kinds.has('EventCardDrawn')) return 'event';
  if (kinds.has('NobleMoved')) return 'move';
  if (kinds.has('CardAwarded') || kinds.has('NobleEntered') || kinds.has('HandCardRemoved')) return 'card';
  if (kinds.has('HandCardsGiven') || kinds.has('AllianceFormed')) return 'offer';
  return 'other';
}

/** The digest of the rows: every significant action of a seat other than `you`, in order. */
export function buildDigest(rows: RowText[], you: number | null): Digest {
  const entries: DigestEntry[] = [];
  let folded = 0;
  for (const action of actions(rows)) {
    const by = action.command.by;
    if (by === null || by === you) continue;
    if (!significant(action)) {
      folded += 1;
      continue;
    }
    const kinds = new Set(action.rows.map((r) => r.kind));
    const notes = action.rows.filter((r) => NOTABLE.has(r.kind)).map((r) => r.description);
    entries.push({
      seq: Number(action.command.seq),
      end: Number(action.rows[action.rows.length - 1]?.seq ?? action.command.seq),
      by,
      text: action.command.description,
      notes: [...new Set(notes)].slice(0, 3),
      icon: iconOf(kinds),
    });
  }
  return { entries, folded };
}

/** A mark of the timeline: a row's seq and whose turn it was. */
export interface TurnMark {
  seq: number;
  active: number;
}

/**
 * Where "since your last turn" starts: the seq after your previous turn ended. Walking back
 * from the newest mark: your current turn (if it is yours now), then the others' turns, up to
 * the last mark of your turn before them. 0 when you have had no turn yet.
 */
export function digestStart(marks: TurnMark[], you: number | null): number {
  if (you === null) return 0;
  let i = marks.length - 1;
  while (i >= 0 && marks[i].active === you) i -= 1;
  while (i >= 0 && marks[i].active !== you) i -= 1;
  return i >= 0 ? marks[i].seq : 0;
}
