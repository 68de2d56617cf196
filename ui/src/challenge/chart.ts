// The Prestige chart's geometry (pure, no DOM): the scale of the Prestige axis, where each
// round and value is drawn, the ticks, and the chart said in words for screen readers. The
// drawing is in ./prestige-chart.ts.

/** The drawing area inside the SVG's viewBox. */
export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The top of the Prestige axis: a round step (5, 10, 20, 25, 50…) at or above `max`, at least 5. */
export function niceMax(max: number): number {
  const top = Math.max(5, Math.ceil(max));
  const step = top <= 10 ? 5 : top <= 40 ? 10 : top <= 100 ? 25 : 50;
  return Math.ceil(top / step) * step;
}

/** The Prestige axis ticks, from 0 to `max` (from niceMax), four or five of them. */
export function yTicks(max: number): number[] {
  const step = max <= 5 ? 1 : max <= 10 ? 2 : max <= 20 ? 5 : max <= 40 ? 10 : max <= 100 ? 25 : 50;
  const ticks: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) ticks.push(v);
  return ticks;
}

/** The rounds labelled on the round axis (every round up to 16, else every other one and the last). */
export function xTicks(rounds: number): number[] {
  const all = Array.from({ length: rounds }, (_, i) => i + 1);
  if (rounds <= 16) return all;
  return all.filter((r) => r % 2 === 1 || r === rounds);
}

/** Where round `round` (1-based) of `rounds` is drawn: spread over the width; one round in the middle. */
export function xFor(round: number, rounds: number, box: ChartBox): number {
  const inner = box.width - box.left - box.right;
  if (rounds <= 1) return box.left + inner / 2;
  return box.left + ((round - 1) * inner) / (rounds - 1);
}

/** Where a Prestige value is drawn: 0 at the bottom, `max` at the top. */
export function yFor(value: number, max: number, box: ChartBox): number {
  const inner = box.height - box.top - box.bottom;
  return box.top + inner - (Math.max(0, Math.min(value, max)) * inner) / max;
}

/** A series' points, rounded to a tenth of a unit. */
export function seriesPoints(values: number[], rounds: number, max: number, box: ChartBox): [number, number][] {
  const r = (n: number) => Math.round(n * 10) / 10;
  return values.map((v, i) => [r(xFor(i + 1, rounds, box)), r(yFor(v, max, box))]);
}

/** The chart in words: where each faction ended, highest first, and its best round. */
export function chartWords(series: { name: string; by_round: number[] }[]): string {
  const rounds = Math.max(0, ...series.map((s) => s.by_round.length));
  if (!rounds) return 'No round was completed, so there is no Prestige to chart.';
  const ended = [...series]
    .map((s) => ({ name: s.name, last: s.by_round[s.by_round.length - 1] ?? 0, best: Math.max(0, ...s.by_round) }))
    .sort((a, b) => b.last - a.last);
  const parts = ended.map((s) => `${s.name} ${s.last}${s.best > s.last ? ` (at most ${s.best})` : ''}`);
  return `Prestige over ${rounds} round${rounds === 1 ? '' : 's'}. At the end: ${parts.join(', ')}.`;
}

/**
 * The end labels' heights, moved apart so no two are closer than `gap` (each as near its own
 * point as that allows), kept between `top` and `bottom`; in the order given.
 */
export function spreadLabels(ys: number[], gap: number, top: number, bottom: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const placed = order.map((o) => o.y);
  // Push down past the one above, then pull back up from the bottom edge.
  for (let k = 0; k < placed.length; k += 1) placed[k] = Math.max(placed[k], top, k ? placed[k - 1] + gap : top);
  for (let k = placed.length - 1; k >= 0; k -= 1) placed[k] = Math.min(placed[k], k < placed.length - 1 ? placed[k + 1] - gap : bottom);
  const out = new Array<number>(ys.length);
  order.forEach((o, k) => (out[o.i] = placed[k]));
  return out;
}

/** Line patterns, the second cue beside colour: each faction's line is drawn differently. */
export const DASHES = ['', '7 4', '2 3', '9 3 2 3', '4 2 1 2'];
