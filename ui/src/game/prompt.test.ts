import { describe, expect, it } from 'vitest';
import { promptText } from './prompt';

const name = (f: number) => ['Mowbray', 'Talbot'][f];

describe("the rules' prompt in words", () => {
  it('speaks to the player about their own decision', () => {
    expect(promptText({ faction: 1, decision: 'attack', text: '' }, name, 1)).toBe('You are assembling an attack.');
    expect(promptText({ faction: 1, decision: null, text: '' }, name, 1)).toBe('Your move.');
  });

  it("names another faction's decision, and falls back on the rules' words", () => {
    expect(promptText({ faction: 0, decision: 'offer', text: '' }, name, 1)).toBe('Mowbray must answer an offer.');
    expect(promptText({ faction: 0, decision: 'new_kind', text: '' }, name, 1)).toBe('Mowbray must decide (new kind).');
    expect(promptText({ faction: null, decision: null, text: 'Set-up' }, name, 1)).toBe('Set-up');
    expect(promptText(null, name, 1)).toBe('');
  });
});
