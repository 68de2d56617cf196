import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutOf, withKey } from './keys';

describe('keyboard shortcuts', () => {
  it('names one action per key, either case', () => {
    expect(shortcutOf('e')).toBe('end-turn');
    expect(shortcutOf('E')).toBe('end-turn');
    expect(shortcutOf('p')).toBe('pass');
    expect(shortcutOf('x')).toBeUndefined();
    expect(shortcutOf('Enter')).toBeUndefined();
    expect(new Set(SHORTCUTS.map((s) => s.key)).size).toBe(SHORTCUTS.length);
  });

  it('covers End turn, Pass, the hand, Discard, Undo, advice and Rules', () => {
    for (const id of ['end-turn', 'pass', 'hand', 'discard', 'undo', 'advice', 'rules'] as const) expect(SHORTCUTS.some((s) => s.id === id)).toBe(true);
  });

  it('puts the key in a tooltip', () => {
    expect(withKey('End turn', 'end-turn')).toBe('End turn (E)');
  });
});
