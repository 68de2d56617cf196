import { describe, expect, it } from 'vitest';
import type { Settings } from '../bindings/Settings';
import { BOT_SPEEDS, DEFAULT_SETTINGS, MAX_BOTS, TIERS, animate, folderChoice, isBotSpeed, lineUpOf, sameSettings, withBotCount, withTier } from './model';
import { SPEEDS } from '../game/prompt';

const chosen: Settings = { bots: ['easy', 'random', 'normal'], bot_speed: 'fast', animation: false, auto_pass: false, ask_free_moves: true, confirm_moves: false, games_folder: '/games' };

describe('the settings model', () => {
  it('resizes the line-up keeping the tiers chosen, new bots Normal, 1 to MAX_BOTS', () => {
    expect(withBotCount(chosen, 2).bots).toEqual(['easy', 'random']);
    expect(withBotCount(chosen, 4).bots).toEqual(['easy', 'random', 'normal', 'normal']);
    expect(withBotCount(chosen, 0).bots).toHaveLength(1);
    expect(withBotCount(chosen, 9).bots).toHaveLength(MAX_BOTS);
    expect(withBotCount(chosen, 2).bot_speed).toBe('fast');
  });

  it('changes one tier and nothing else', () => {
    expect(withTier(chosen, 1, 'easy').bots).toEqual(['easy', 'easy', 'normal']);
    expect(withTier(chosen, 5, 'easy')).toBe(chosen);
    expect(chosen.bots).toEqual(['easy', 'random', 'normal']);
  });

  it("gives the New game form the settings' line-up", () => {
    expect(lineUpOf(chosen)).toEqual({ bots: 3, tiers: ['easy', 'random', 'normal'] });
    expect(lineUpOf(DEFAULT_SETTINGS)).toEqual({ bots: 2, tiers: ['normal', 'normal'] });
    expect(lineUpOf({ ...chosen, bots: [] })).toEqual({ bots: 1, tiers: ['normal'] });
  });

  it('animates only when the setting and the system both allow it', () => {
    expect(animate(DEFAULT_SETTINGS, false)).toBe(true);
    expect(animate(DEFAULT_SETTINGS, true)).toBe(false);
    expect(animate(chosen, false)).toBe(false);
  });

  it('keeps a typed folder trimmed, empty meaning the default folder', () => {
    expect(folderChoice('  /home/me/Warwick games ')).toBe('/home/me/Warwick games');
    expect(folderChoice('   ')).toBeNull();
  });

  it('knows the bot speeds, the same as the game screen offers', () => {
    expect(BOT_SPEEDS.map((s) => [s.id, s.ms])).toEqual(SPEEDS.map((s) => [s.id, s.ms]));
    expect(isBotSpeed('instant')).toBe(true);
    expect(isBotSpeed('warp')).toBe(false);
    expect(isBotSpeed(null)).toBe(false);
  });

  it('compares settings by value', () => {
    expect(sameSettings(chosen, { ...chosen, bots: [...chosen.bots] })).toBe(true);
    expect(sameSettings(chosen, withTier(chosen, 0, 'normal'))).toBe(false);
    expect(sameSettings(chosen, { ...chosen, games_folder: null })).toBe(false);
  });

  it('offers the tiers of the New game form, Normal among them', () => {
    expect(TIERS.map(([id]) => id)).toContain('normal');
    expect(DEFAULT_SETTINGS.bots.every((t) => TIERS.some(([id]) => id === t))).toBe(true);
  });
});
