import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import type { Settings } from '../bindings/Settings';
import type { SettingsView } from '../bindings/SettingsView';
import { DEFAULT_SETTINGS } from './model';
import { keepSettings, resetSettings, settingsNow } from './store';

/** A service answer holding `settings`. */
function viewOf(settings: Settings): SettingsView {
  return { settings, defaults: DEFAULT_SETTINGS, games_folder: null, default_games_folder: null, settings_file: null, notice: null };
}

afterEach(() => vi.restoreAllMocks());

describe('the settings store', () => {
  it('sends saves one at a time, in the order they were made, so the last change stays', async () => {
    // The service answers the first save last (as `warwick serve` may, handling calls side by
    // side); what it holds at the end is what it was sent last.
    let held: Settings = DEFAULT_SETTINGS;
    const started: string[] = [];
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(api, 'saveSettings').mockImplementation(async (settings: Settings) => {
      started.push(settings.bot_speed);
      if (settings.bot_speed === 'fast') await slow;
      held = settings;
      return viewOf(settings);
    });
    const first = keepSettings({ ...DEFAULT_SETTINGS, bot_speed: 'fast' });
    const second = keepSettings({ ...DEFAULT_SETTINGS, bot_speed: 'instant', animation: false });
    const third = keepSettings({ ...DEFAULT_SETTINGS, bot_speed: 'slow', animation: false });
    await Promise.resolve();
    expect(started).toEqual(['fast']);
    release();
    await Promise.all([first, second, third]);
    expect(started).toEqual(['fast', 'instant', 'slow']);
    expect(held).toMatchObject({ bot_speed: 'slow', animation: false });
    expect(settingsNow()).toMatchObject({ bot_speed: 'slow', animation: false });
  });

  it('goes on saving after a save that failed, and a reset waits its turn too', async () => {
    const calls: string[] = [];
    vi.spyOn(api, 'saveSettings').mockImplementation(async (settings: Settings) => {
      calls.push(`save ${settings.bot_speed}`);
      if (settings.bot_speed === 'fast') throw new Error('busy');
      return viewOf(settings);
    });
    vi.spyOn(api, 'resetSettings').mockImplementation(async () => {
      calls.push('reset');
      return viewOf(DEFAULT_SETTINGS);
    });
    const failed = keepSettings({ ...DEFAULT_SETTINGS, bot_speed: 'fast' });
    const kept = keepSettings({ ...DEFAULT_SETTINGS, bot_speed: 'slow' });
    const reset = resetSettings();
    await expect(failed).rejects.toThrow('busy');
    await expect(kept).resolves.toMatchObject({ settings: { bot_speed: 'slow' } });
    await expect(reset).resolves.toMatchObject({ settings: DEFAULT_SETTINGS });
    expect(calls).toEqual(['save fast', 'save slow', 'reset']);
    expect(settingsNow()).toEqual(DEFAULT_SETTINGS);
  });
});
