import { describe, expect, it } from 'vitest';
import { onceEach } from './screens';

describe('onceEach', () => {
  it('loads a screen once, and says so once it has loaded', async () => {
    let calls = 0;
    const screens = onceEach<'a'>({ a: async () => void (calls += 1) });
    expect(screens.loaded('a')).toBe(false);
    const first = screens.load('a');
    expect(screens.load('a')).toBe(first);
    await first;
    await screens.load('a');
    expect(calls).toBe(1);
    expect(screens.loaded('a')).toBe(true);
  });

  it('tries again after a failed load (the Retry of a screen that could not load)', async () => {
    let calls = 0;
    const screens = onceEach<'a'>({
      a: async () => {
        calls += 1;
        if (calls === 1) throw new Error('Importing a module script failed.');
      },
    });
    await expect(screens.load('a')).rejects.toThrow('Importing a module script failed.');
    expect(screens.loaded('a')).toBe(false);
    await screens.load('a');
    expect(calls).toBe(2);
    expect(screens.loaded('a')).toBe(true);
  });
});
