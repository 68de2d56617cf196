// The timeline in rounds and turns: where a seq of the game falls, in words ("Round 3 ·
// Neville's turn · Movement"), from the timeline's marks, instead of a bare seq number.

import type { Clock } from '../bindings/Clock';
import type { Mark } from '../game/timeline';

const PHASES: Record<string, string> = {
  setup: 'Set-up',
  event: 'Event',
  movement: 'Movement',
  combat: 'Combat',
  parliament: 'Parliament',
  coronation: 'Coronation',
  end_of_turn: 'End of Turn',
  game_over: 'Game over',
};

/** The mark in force at `seq`: the last one at or before it. */
export function markAt(marks: Mark[], seq: number): Mark | undefined {
  let found: Mark | undefined;
  for (const m of marks) {
    if (m.seq > seq) break;
    found = m;
  }
  return found;
}

/** Where `seq` falls, in words; empty when nothing is known yet. */
export function timelineWords(marks: Mark[], seq: number, factionName: (f: number) => string): string {
  const m = markAt(marks, seq);
  if (!m || m.round === 0) return m ? 'Set-up' : '';
  const phase = PHASES[m.phase] ?? m.phase;
  return m.phase === 'game_over' ? `Round ${m.round} · ${phase}` : `Round ${m.round} · ${factionName(m.active)}'s turn · ${phase}`;
}

/** The same words for a clock (the game as it stands now). */
export function clockWords(clock: Clock, factionName: (f: number) => string): string {
  return timelineWords([{ seq: 0, round: clock.round, turn: clock.turn, phase: clock.phase, active: clock.active }], 0, factionName);
}
