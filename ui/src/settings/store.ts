// The settings the whole UI shares: fetched once from the service (api.ts), kept here, and
// updated when saved, so the start screen, the game screen and the Settings screen agree.
// Listeners hear every change. A bot speed this browser was told to use (localStorage
// `warwick.speed`, as test scripts set) wins until the speed is next chosen.
import { api } from '../api';
import type { Settings } from '../bindings/Settings';
import type { SettingsView } from '../bindings/SettingsView';
import { DEFAULT_SETTINGS, isBotSpeed } from './model';

const SPEED_KEY = 'warwick.speed';

let view: SettingsView | undefined;
let loading: Promise<SettingsView> | undefined;
const listeners = new Set<(settings: Settings) => void>();

/** The settings known now (the defaults until the service has answered). */
export function settingsNow(): Settings {
  const settings = view?.settings ?? DEFAULT_SETTINGS;
  const speed = globalThis.localStorage?.getItem(SPEED_KEY);
  return isBotSpeed(speed) ? { ...settings, bot_speed: speed } : settings;
}

/** The settings and where things are, from the service (once; `fresh` asks again). */
export function fetchSettings(fresh = false): Promise<SettingsView> {
  if (!loading || fresh) {
    loading = api.settings().then(
      (answer) => keep(answer),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  }
  return loading;
}

/** The last save or reset asked for, settled or not. */
let saving: Promise<unknown> = Promise.resolve();

/** Runs `call` once every save asked for before it has been answered, and keeps its answer.
 * Each save carries the whole settings, and the service may handle calls side by side, so a
 * save that overtook a later one would undo that later change. */
function inTurn(call: () => Promise<SettingsView>): Promise<SettingsView> {
  const answered = saving.then(call).then(keep);
  saving = answered.catch(() => undefined);
  return answered;
}

/** Keeps new settings through the service, after any save still on its way. */
export function keepSettings(settings: Settings): Promise<SettingsView> {
  if (settings.bot_speed !== settingsNow().bot_speed) globalThis.localStorage?.removeItem(SPEED_KEY);
  return inTurn(() => api.saveSettings(settings));
}

/** Settings back to their defaults (games are not touched), after any save on its way. */
export function resetSettings(): Promise<SettingsView> {
  globalThis.localStorage?.removeItem(SPEED_KEY);
  return inTurn(() => api.resetSettings());
}

/** Hears every change of the settings; returns how to stop. */
export function onSettings(listener: (settings: Settings) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function keep(answer: SettingsView): SettingsView {
  view = answer;
  loading = Promise.resolve(answer);
  for (const listener of listeners) listener(settingsNow());
  return answer;
}
