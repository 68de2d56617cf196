// The timeline below the map: marks of every row (round, turn, phase, whose turn), stepping by
// event, phase, turn or round, the latest point a game may branch from, and the bar itself
// (slider, steps, Back to now, Play on from here). Stepping is pure.

import { html, nothing } from 'lit';
import type { RowText } from '../bindings/RowText';
import type { Phase } from '../bindings/Phase';
import type { Timeline } from '../bindings/Timeline';

export interface Mark {
  seq: number;
  round: number;
  /** A number unique to the turn (round × 10 + position). */
  turn: number;
  phase: string;
  /** Whose turn it was. */
  active: number;
}

export type StepUnit = 'event' | 'phase' | 'turn' | 'round';

/** Every row of a timeline as a mark, in seq order. */
export function marksOf(timeline: Timeline): Mark[] {
  const marks: Mark[] = [];
  timeline.rounds.forEach((round) =>
    round.turns.forEach((turn, ti) =>
      turn.phases.forEach((phase) =>
        phase.entries.forEach((e) =>
          marks.push({ seq: Number(e.seq), round: round.round, turn: ti + round.round * 10, phase: phase.phase, active: turn.faction }),
        ),
      ),
    ),
  );
  return marks.sort((a, b) => a.seq - b.seq);
}

/** Every row of a timeline, in seq order. */
export function rowsOf(timeline: Timeline | undefined): RowText[] {
  const rows: RowText[] = [];
  for (const round of timeline?.rounds ?? [])
    round.turns.forEach((turn, ti) => {
      // The clock as the timeline places the row (it does not keep the step).
      for (const phase of turn.phases) for (const e of phase.entries) rows.push({ ...e, clock: { round: round.round, turn: ti, active: turn.faction, phase: phase.phase as Phase, step: 0 } });
    });
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
}

/** The seq of the next (dir 1) or previous (dir −1) change of `unit` from `at`. */
export function stepSeq(marks: Mark[], at: number, head: number, unit: StepUnit, dir: 1 | -1): number {
  if (unit === 'event') return at + dir;
  const key = (m: Mark) => (unit === 'round' ? `${m.round}` : unit === 'turn' ? `${m.turn}` : `${m.turn}:${m.phase}`);
  let here = -1;
  marks.forEach((m, i) => {
    if (m.seq <= at) here = i;
  });
  if (here < 0) return dir > 0 ? (marks[0]?.seq ?? at) : 0;
  const k = key(marks[here]);
  if (dir > 0) {
    const next = marks.findIndex((m, i) => i > here && key(m) !== k);
    return next < 0 ? head : marks[next].seq;
  }
  // Back: to the start of this unit, or of the previous one when already at its start.
  let start = here;
  while (start > 0 && key(marks[start - 1]) === k) start -= 1;
  if (marks[start].seq < at) return marks[start].seq;
  if (start === 0) return 0;
  const pk = key(marks[start - 1]);
  let prev = start - 1;
  while (prev > 0 && key(marks[prev - 1]) === pk) prev -= 1;
  return marks[prev].seq;
}

/** The latest point at or before `seq` where a game may branch: just before a command. */
export function branchPoint(log: RowText[], seq: number): number | undefined {
  let best: number | undefined;
  for (const row of log) {
    const s = Number(row.seq);
    if (row.kind === 'Command' && s - 1 <= seq) best = s - 1;
  }
  return best;
}

export interface TimelineHost {
  head: number;
  cursor?: number;
  traveling: boolean;
  busy: boolean;
  travel(seq: number | undefined): void;
  stepTo(unit: StepUnit, dir: 1 | -1): void;
  /** Where a seq falls, in rounds and turns. */
  whereAt?(seq: number): string;
  playOn(): void;
}

export function renderTimeline(g: TimelineHost) {
  const head = g.head;
  const at = g.cursor ?? head;
  const step = (unit: StepUnit, dir: 1 | -1, label: string, title: string) =>
    html`<button class="small" data-step=${`${unit}${dir > 0 ? '+' : '-'}`} title=${title} @click=${() => g.stepTo(unit, dir)}><span aria-hidden="true">${label}</span><span class="sr-only">${title}</span></button>`;
  return html`<div class="timeline" data-field="timeline">
    <div class="steps">
      ${step('round', -1, '«R', 'Back a round')} ${step('turn', -1, '‹T', 'Back a turn')} ${step('phase', -1, '‹P', 'Back a phase')}
      ${step('event', -1, '‹', 'Back an event')}
    </div>
    <input type="range" min="0" max=${head} .value=${String(at)} aria-label="Timeline: drag to see the game as it was"
      @input=${(e: Event) => g.travel(Number((e.target as HTMLInputElement).value))} />
    <div class="steps">
      ${step('event', 1, '›', 'Forward an event')} ${step('phase', 1, 'P›', 'Forward a phase')}
      ${step('turn', 1, 'T›', 'Forward a turn')} ${step('round', 1, 'R»', 'Forward a round')}
    </div>
    <span class="where" data-field="cursor" title=${`seq ${at} of ${head}`}>${g.traveling ? `${g.whereAt?.(at) || `seq ${at} / ${head}`}` : `Now${g.whereAt?.(head) ? ` · ${g.whereAt(head)}` : ''}`}</span>
    ${g.traveling
      ? html`<button class="small primary" data-action="now" @click=${() => g.travel(undefined)}>Back to now</button>
          <button class="small" data-action="branch" ?disabled=${g.busy} @click=${() => g.playOn()}
            title="Start a new game that continues from this point (this game is kept)">Play on from here</button>`
      : nothing}
  </div>`;
}
