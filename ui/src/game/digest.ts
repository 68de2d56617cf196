// "Since your last turn": what each bot did, one line per action (a command and what came of
// it: moved, attacked, crowned, Parliament, cards), from the rows the service describes; and,
// each in a line of its own, every change to your own pieces and places that someone else's
// action, an Event card or a battle made (the service says what each event did to whose
// pieces). Passes and step ends that changed nothing are folded into a count. Pure; tested in
// digest.test.ts.

import type { Affected } from '../bindings/Affected';
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

export type DigestIcon = 'move' | 'sea' | 'attack' | 'crown' | 'parliament' | 'card' | 'event' | 'offer' | 'other' | 'yours';

export interface DigestEntry {
  /** The command's seq (the game before it is at seq − 1). */
  seq: number;
  /** The last row it led to. */
  end: number;
  by: number;
  text: string;
  notes: string[];
  icon: DigestIcon;
  /** For a change to your own piece or place: what happened to it. */
  yours?: Affected;
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

/**
 * The changes an action made to `you`'s pieces and places that you did not make yourself: all
 * of them in another seat's action; in your own, those an Event card or a battle made, and any
 * loss (your own march is no news to you).
 */
export function changesToYou(action: Action, you: number | null): { row: RowText; change: Affected }[] {
  if (you === null) return [];
  const mine = action.command.by === you;
  const drawn = action.rows.some((r) => r.kind === 'EventCardDrawn' || r.kind === 'CombatResolved');
  return action.rows.flatMap((row) =>
    (row.affected ?? [])
      .filter((c) => c.faction === you && (!mine || drawn || c.change !== 'moved'))
      .map((change) => ({ row, change })),
  );
}

/** A change to your piece as a line: `Percy was moved from … to …`. */
function yourLine(change: Affected): string {
  return change.words.charAt(0).toUpperCase() + change.words.slice(1);
}

/** The digest of the rows: every significant action of a seat other than `you`, in order, each
 * followed by the changes it made to your pieces; changes an Event or battle of yours made
 * come in their own lines too. */
export function buildDigest(rows: RowText[], you: number | null): Digest {
  const entries: DigestEntry[] = [];
  let folded = 0;
  // The Event card being resolved, if any: its effects may come a few commands later (after
  // everyone has passed in its card window).
  let event: string | undefined;
  const causeOf = (action: Action, row: RowText): string | undefined => {
    for (const r of action.rows) {
      if (Number(r.seq) > Number(row.seq)) break;
      if (r.kind === 'EventCardDrawn') event = r.description;
    }
    const battle = action.rows.find((r) => r.kind === 'CombatResolved' && Number(r.seq) <= Number(row.seq));
    return battle?.description ?? event;
  };
  for (const action of actions(rows)) {
    const by = action.command.by;
    const yours = changesToYou(action, you).map(({ row, change }) => {
      const cause = causeOf(action, row);
      return {
        seq: Number(row.seq),
        end: Number(row.seq),
        by: by ?? 0,
        text: yourLine(change),
        notes: cause ? [cause] : [],
        icon: 'yours' as const,
        yours: change,
      };
    });
    for (const r of action.rows) {
      if (r.kind === 'EventCardDrawn') event = r.description;
      if (r.kind === 'EventCardDiscarded') event = undefined;
    }
    if (by === null || by === you) {
      entries.push(...yours);
      continue;
    }
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
    entries.push(...yours);
  }
  return { entries, folded };
}

/** The changes to your pieces among the digest's lines (what your turn opens with). */
export function yourChanges(digest: Digest | undefined): DigestEntry[] {
  return digest?.entries.filter((e) => e.yours) ?? [];
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
