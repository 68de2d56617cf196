// The Solo Challenge in words (pure, no DOM): result names, the outcome sentence of the end
// screen and the verify view, a line-up and a daily in words, points with thousands
// separators, the share line (built from a verified code, so it says exactly what anyone
// checking it will see), the "practice" tag, and a refused code's reason in plain words.
// Consistent with docs/solo-challenge.md.

import type { BotKind } from '../bindings/BotKind';
import type { Daily } from '../bindings/Daily';
import type { DailyTag } from '../bindings/DailyTag';
import type { SeatPlayer } from '../bindings/SeatPlayer';
import type { Outcome } from '../bindings/Outcome';

/** How a game can end for the person, worst first (the order of the daily histogram). */
export const RESULTS = ['loss', 'minor_prestige', 'shared_prestige', 'prestige', 'royalty'] as const;

const RESULT_NAMES: Record<string, string> = {
  royalty: 'Royalty Victory',
  prestige: 'Prestige Victory',
  shared_prestige: 'Shared Prestige Victory',
  minor_prestige: 'Minor Prestige Victory',
  loss: 'Loss',
  none: 'Bots only',
};

const RESULT_SHORT: Record<string, string> = {
  royalty: 'Royalty',
  prestige: 'Prestige',
  shared_prestige: 'Shared',
  minor_prestige: 'Minor',
  loss: 'Loss',
};

/** A result's name: `Prestige Victory`, `Loss`. */
export function resultName(result: string): string {
  return RESULT_NAMES[result] ?? result.replace(/_/g, ' ');
}

/** A result's short name, for the histogram's rows: `Shared`, `Minor`. */
export function resultShort(result: string): string {
  return RESULT_SHORT[result] ?? resultName(result);
}

/** Whether a result is a win. */
export function isWin(result: string | null | undefined): boolean {
  return !!result && result !== 'loss' && result !== 'none';
}

/** Points with thousands separators, the same in every locale: `8,171`. */
export function formatPoints(points: number): string {
  return String(Math.trunc(points)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `1 point`, `8,171 points`. */
export function pointsWords(points: number): string {
  return `${formatPoints(points)} point${points === 1 ? '' : 's'}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Bot tiers in words: `2 Normal bots`, `1 Normal bot and 1 Random bot`. */
export function botsWords(bots: BotKind[]): string {
  const parts: string[] = [];
  for (const [tier, name] of [['normal', 'Normal'], ['random', 'Random']] as const) {
    const n = bots.filter((b) => b === tier).length;
    if (n) parts.push(plural(n, `${name} bot`));
  }
  return parts.join(' and ') || 'no bots';
}

/** A daily's line-up: `You and 3 Normal bots, 15 rounds, pre-set set-up`. */
export function dailyLineup(daily: Pick<Daily, 'bots' | 'rounds' | 'setup'>): string {
  const setup = daily.setup === 'preset' ? 'pre-set set-up' : 'controlled random set-up';
  return `You and ${botsWords(daily.bots)}, ${plural(daily.rounds, 'round')}, ${setup}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A UTC day in words, the same in every browser: `Thursday 26 November 2026` (else as given). */
export function dayWords(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : new Date(NaN);
  if (Number.isNaN(day.getTime())) return date;
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** Whether a game is a daily's practice (any attempt but the day's first). */
export function isPractice(daily: DailyTag | null | undefined): boolean {
  return !!daily && !daily.scored;
}

/** A game's daily tag in words: `Daily 2026-11-26`, `Daily 2026-11-26 · practice`, or null. */
export function dailyTagWords(daily: DailyTag | null | undefined): string | null {
  if (!daily) return null;
  return `Daily ${daily.date}${daily.scored ? '' : ' · practice'}`;
}

/** `1 undo`, `no undos`. */
export function undoWords(undos: number): string {
  return undos === 0 ? 'no undos' : plural(undos, 'undo');
}

/** What the outcome sentence needs: how it ended and who is who. */
export interface OutcomeFacts {
  /** The person's result (`royalty` … `loss`), or `none` when only bots played. */
  result: string;
  /** The rules' outcome. */
  outcome: Outcome | null;
  /** The round it ended in. */
  round: number;
  /** The person's seat, if one played. */
  person: number | null;
  /** A faction's name by seat. */
  name: (seat: number) => string;
  /** `You` on the end screen; `The player` for someone else's code. */
  subject?: 'You' | 'The player';
}

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? 'no one') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * How a game ended, in one sentence: `You won a Prestige Victory in round 9.`, `You lost:
 * Neville's Faction won a Royalty Victory in round 9.`
 */
export function outcomeSentence(facts: OutcomeFacts): string {
  const subject = facts.subject ?? 'You';
  const { outcome, round, person } = facts;
  const others = (outcome?.winners ?? []).filter((w) => w !== person).map(facts.name);
  const when = facts.result === 'minor_prestige' || outcome?.kind === 'minor_prestige'
    ? `when the round limit ran out in round ${round}`
    : `in round ${round}`;
  if (isWin(facts.result)) {
    const partners = facts.result === 'shared_prestige' && others.length ? ` with ${joinNames(others)}` : '';
    return `${subject} won a ${resultName(facts.result)}${partners} ${when}.`;
  }
  const what = !outcome
    ? `the game ended ${when}`
    : outcome.kind === 'all_lose'
      ? `every Royal died, so everyone lost (round ${round})`
      : outcome.kind === 'resigned'
        ? `${subject === 'You' ? 'you' : subject} resigned in round ${round}`
        : `${joinNames(others)} won a ${resultName(outcome.kind)} ${when}`;
  if (facts.result === 'none') return `Only bots played: ${what}.`;
  return `${subject} lost: ${what}.`;
}

/** Who played each seat, for someone else's code: `Seat 1: a Normal bot`. */
export function seatWords(seats: SeatPlayer[]): string[] {
  return seats.map((s, i) => `Seat ${i + 1}: ${s.kind === 'human' ? 'the player' : `a ${s.tier === 'normal' ? 'Normal' : 'Random'} bot`}`);
}

/** A seat's name where faction names are unknown (someone else's code). */
export function seatName(seats: SeatPlayer[], seat: number): string {
  const s = seats[seat];
  if (!s) return `seat ${seat + 1}`;
  return s.kind === 'human' ? `the player (seat ${seat + 1})` : `the ${s.tier === 'normal' ? 'Normal' : 'Random'} bot in seat ${seat + 1}`;
}

/** The headline of a result: `Prestige Victory in round 9`, `Lost in round 1`. */
export function resultHeadline(result: string, round: number): string {
  if (result === 'loss') return `Lost in round ${round}`;
  if (result === 'none') return `Bots only, ended in round ${round}`;
  return `${resultName(result)} in round ${round}`;
}

/** A refused code's reason in plain words, from the service's error. */
export function refusalText(error: { code: string; message: string }): string {
  const reason = error.message.replace(/^the replay code /, 'the code ').replace(/\.$/, '');
  const lead: Record<string, string> = {
    version: 'This code was made by another version of Warwick',
    code_refused: 'This code does not check out',
    bad_code: 'This is not a code Warwick can check',
  };
  return `${lead[error.code] ?? 'The code could not be checked'}: ${reason}.`;
}
