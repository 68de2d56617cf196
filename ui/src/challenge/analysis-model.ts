// The post-game analysis's pure part: the chance series to chart (each faction's chance of
// winning at the start of each round, in percent) and the turning points — the rounds where
// the person's chance moved most — each with the seq that opens the timeline there.
import type { PrestigeSeries } from '../bindings/PrestigeSeries';
import type { RoundChances } from '../bindings/RoundChances';

/** A round where the person's chance moved a lot. */
export interface TurningPoint {
  /** The round whose start shows the new chance. */
  round: number;
  /** The first row of that round (opens the timeline there). */
  seq: number;
  /** The chance before and after, in percent. */
  from: number;
  to: number;
}

/** Percent, rounded. */
export function percent(chance: number): number {
  return Math.round(chance * 100);
}

/** One series per faction (names and colours from the Prestige series), chances in percent. */
export function chanceSeries(factions: PrestigeSeries[], rounds: RoundChances[]): PrestigeSeries[] {
  const ordered = [...rounds].sort((a, b) => a.index - b.index);
  return factions.map((f) => ({
    ...f,
    by_round: ordered.map((r) => percent(r.chances[f.faction] ?? 0)),
  }));
}

/** The `count` rounds where the person's chance changed most (at least 10 points), by round. */
export function turningPoints(rounds: RoundChances[], you: number, count = 3): TurningPoint[] {
  const ordered = [...rounds].sort((a, b) => a.index - b.index);
  const moves: TurningPoint[] = [];
  for (let i = 1; i < ordered.length; i++) {
    const from = percent(ordered[i - 1].chances[you] ?? 0);
    const to = percent(ordered[i].chances[you] ?? 0);
    moves.push({ round: ordered[i].round, seq: Number(ordered[i - 1].seq), from, to });
  }
  return moves
    .filter((m) => Math.abs(m.to - m.from) >= 10)
    .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from) || a.round - b.round)
    .slice(0, count)
    .sort((a, b) => a.round - b.round);
}

/** The chart in words for screen readers. */
export function chanceWords(series: PrestigeSeries[]): string {
  const rounds = Math.max(0, ...series.map((s) => s.by_round.length));
  if (!rounds) return 'No round to analyse.';
  const parts = series.map((s) => `${s.name} from ${s.by_round[0] ?? 0}% to ${s.by_round[s.by_round.length - 1] ?? 0}%`);
  return `Chance of winning at the start of each of ${rounds} rounds: ${parts.join(', ')}.`;
}

/** A turning point in words. */
export function turningWords(t: TurningPoint): string {
  const way = t.to > t.from ? 'rose' : 'fell';
  return `During round ${t.round - 1}, your chance ${way} from ${t.from}% to ${t.to}%`;
}
