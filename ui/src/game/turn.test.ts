import { describe, expect, it } from 'vitest';
import type { Clock } from '../bindings/Clock';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { Pending } from '../bindings/Pending';
import { canFlowOn, freeMovesUseful, nothingToPlay, phaseWords, requiredOf } from './turn';

const l = (type: string, rest: Record<string, unknown> = {}): LegalCommand => ({ command: { type, ...rest } as LegalCommand['command'], description: type, undoable: true });
const clock = (phase: Clock['phase'], step = 1, active = 0): Clock => ({ round: 1, turn: 0, active, phase, step });
const window = { kind: 'politicking', window: { kind: 'politicking', order: [0, 1], at: 0, passes: 0 } } as Pending;

describe('the turn', () => {
  it('says the End of Turn steps in words', () => {
    expect(phaseWords(clock('end_of_turn', 5))).toBe('End of Turn phase, step 5: discard down to your hand limit');
    expect(phaseWords(clock('movement'))).toBe('Movement phase');
  });

  it('passes a card window by itself only when nothing but offers could be played', () => {
    expect(nothingToPlay(window, [l('Pass'), l('HandOverPlace')])).toBe(true);
    expect(nothingToPlay(window, [l('Pass'), l('AwardCard')])).toBe(false);
    expect(nothingToPlay(null, [l('Pass')])).toBe(false);
  });

  it("passes another's window by itself when all you could do there you may do at any time, but not your battle's", () => {
    expect(nothingToPlay(window, [l('Pass'), l('AwardCard'), l('PlayNoble'), l('OfferGift')], true)).toBe(true);
    expect(nothingToPlay(window, [l('Pass'), l('SendToParliament')], true)).toBe(false);
    const battle = { kind: 'attack', attacker: 1, area: 'area_york', target: { kind: 'field', faction: 0 }, attackers: [], window: { kind: 'add_to_combat', order: [0, 1], at: 0, passes: 0 } } as unknown as Pending;
    expect(nothingToPlay(battle, [l('Pass'), l('AwardCard')], true)).toBe(false);
    expect(nothingToPlay(battle, [l('Pass'), l('RevealCards')], true)).toBe(true);
  });

  it('sets apart what the step requires', () => {
    expect(requiredOf([l('DiscardCrownCard'), l('OfferGift')])?.text).toMatch(/^Discard one card to end your turn/);
    expect(requiredOf([l('EndStep'), l('DiscardCrownCard')])).toBeNull();
    expect(requiredOf([l('DrawEventCard'), l('HandOverPlace')])?.types).toEqual(['DrawEventCard']);
    expect(requiredOf([l('EnterConquered'), l('Pass')])).toBeNull();
    // An attack being assembled is required; once launched, its card window is not.
    expect(requiredOf([l('CommitAttacker'), l('LaunchAttack'), l('CallOffAttack')])?.text).toMatch(/^Your attack: commit Nobles/);
    expect(requiredOf([l('Pass'), l('CallOffAttack')])).toBeNull();
  });

  it('lets End turn go on only through steps that can be ended or passed on your own turn', () => {
    expect(canFlowOn(clock('movement'), 0, [l('EndStep'), l('MoveNoble')])).toBe('EndStep');
    expect(canFlowOn(clock('end_of_turn', 4), 0, [l('Pass'), l('AwardCard')])).toBe('Pass');
    // Politicking with other things to do: End turn still passes (you are done).
    expect(canFlowOn(clock('end_of_turn', 4), 0, [l('Pass'), l('AwardCard'), l('ReplaceBishop'), l('HandOverPlace'), l('OfferGift')])).toBe('Pass');
    expect(canFlowOn(clock('end_of_turn', 5), 0, [l('DiscardCrownCard')])).toBeNull();
    expect(canFlowOn(clock('movement', 1, 1), 0, [l('Pass')])).toBeNull();
  });
});

describe('freeMovesUseful', () => {
  const move = (noble: string, free: boolean) => ({ command: { type: 'MoveNoble', noble, free }, description: '', undoable: true }) as unknown as LegalCommand;
  it('is true only when a piece could move by a Free Move and no other way', () => {
    expect(freeMovesUseful([move('a', false), move('a', true)])).toBe(false);
    expect(freeMovesUseful([move('a', false), move('b', true)])).toBe(true);
    expect(freeMovesUseful([])).toBe(false);
  });
});
