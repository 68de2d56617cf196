import { describe, expect, it } from 'vitest';
import type { Prompt } from '../bindings/Prompt';
import type { RulesReference } from '../bindings/RulesReference';
import { errorRule, parseHref, ruleHref, ruleLabel, search, stepHelp, stepKey } from './lookup';

const ref: RulesReference = {
  sections: [
    {
      id: 'movement',
      number: '9',
      title: 'Movement Phase',
      summary: 'Moves.',
      keywords: ['regional', 'road'],
      html: '<h3 id="9.10">Regional moves</h3>',
      text: 'A Regional move takes a Noble anywhere in its own Region.',
      anchors: [{ id: '9.10', title: 'Regional moves' }],
    },
    {
      id: 'sieges',
      number: '10.40',
      title: 'Sieges',
      summary: 'Places.',
      keywords: ['garrison'],
      html: '',
      text: 'Every fortified place has a garrison.',
      anchors: [{ id: '10.43', title: 'Strong enough?' }],
    },
  ],
  steps: [{ key: 'phase.movement', title: 'Movement Phase', text: 'Move.', rule: { section: 'movement', anchor: '9.01' } }],
  controls: [],
  log_lines: [],
  errors: [
    { code: 'over_capacity', rule: { section: 'crown-cards', anchor: '19.14' }, why: 'Room.' },
    { code: 'must_act_first.draw_event_card', rule: { section: 'events', anchor: '8.01' }, why: 'Draw.' },
  ],
  entries: [{ id: 'london', kind: 'place', name: 'London', text: 'A City in the Area of London.', rules: [] }],
};

const prompt = (phase: Prompt['clock']['phase'], step = 1, decision: string | null = null): Prompt => ({
  faction: 0,
  clock: { round: 1, turn: 0, active: 0, phase, step },
  decision,
  text: '',
});

describe('rules help lookups', () => {
  it('keys a prompt by its decision, else its phase (and step at the End of Turn)', () => {
    expect(stepKey(prompt('movement'))).toBe('phase.movement');
    expect(stepKey(prompt('end_of_turn', 4))).toBe('phase.end_of_turn.4');
    expect(stepKey(prompt('combat', 1, 'attack'))).toBe('attack');
    expect(stepHelp(ref, prompt('movement'))?.rule.anchor).toBe('9.01');
  });

  it('finds a refusal by its code, or by the code of one that carries a reason', () => {
    expect(errorRule(ref, 'over_capacity')?.rule.section).toBe('crown-cards');
    expect(errorRule(ref, 'must_act_first')?.rule.section).toBe('events');
    expect(errorRule(ref, 'nope')).toBeUndefined();
  });

  it('turns rules into addresses and back', () => {
    expect(ruleHref({ section: 'movement', anchor: '9.10' })).toBe('#help/movement/9.10');
    expect(parseHref('#help/movement/9.10')).toEqual({ kind: 'section', section: 'movement', anchor: '9.10' });
    expect(parseHref('http://x/#help/entry/london')).toEqual({ kind: 'entry', id: 'london' });
    expect(parseHref('#help')).toEqual({ kind: 'contents' });
    expect(parseHref('#other')).toBeNull();
    expect(ruleLabel(ref, { section: 'movement', anchor: '9.10' })).toBe('§9.10 Movement Phase');
  });

  it('searches sections at their sub-heading, and entries', () => {
    const hits = search(ref, 'regional');
    expect(hits[0].target).toEqual({ kind: 'section', section: 'movement', anchor: '9.10' });
    expect(search(ref, 'london')[0].target).toEqual({ kind: 'entry', id: 'london' });
    expect(search(ref, 'garrison strong')[0].title).toContain('Sieges');
    expect(search(ref, 'zzz')).toEqual([]);
  });
});
