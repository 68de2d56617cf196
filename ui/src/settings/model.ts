// The settings as the UI uses them (pure, no DOM, no service): the defaults used until the
// service answers, the line-up resized or a tier changed, the New game form's line-up taken
// from them, the bot speed in milliseconds, whether pieces move, and a typed games folder made
// into what the service keeps.
import type { BotKind } from '../bindings/BotKind';
import type { BotSpeed } from '../bindings/BotSpeed';
import type { Settings } from '../bindings/Settings';

/** The most bot factions besides yours (`MAX_BOTS` in src/service/settings.rs). */
export const MAX_BOTS = 4;

/** The service's defaults (`Settings::default`), used until it has answered. */
export const DEFAULT_SETTINGS: Settings = {
  bots: ['normal', 'normal'],
  bot_speed: 'normal',
  animation: true,
  auto_pass: true,
  ask_free_moves: true,
  confirm_moves: false,
  games_folder: null,
};

/** Bot speeds offered, slowest first, with the pause between two bot commands. */
export const BOT_SPEEDS: { id: BotSpeed; label: string; ms: number }[] = [
  { id: 'slow', label: 'Slow', ms: 1200 },
  { id: 'normal', label: 'Normal', ms: 450 },
  { id: 'fast', label: 'Fast', ms: 80 },
  { id: 'instant', label: 'Instant', ms: 0 },
];

/** Whether a text is one of the bot speeds. */
export function isBotSpeed(id: string | null | undefined): id is BotSpeed {
  return BOT_SPEEDS.some((s) => s.id === id);
}

/** The settings with `count` bot factions: the first tiers kept, new ones Normal. */
export function withBotCount(settings: Settings, count: number): Settings {
  const n = Math.max(1, Math.min(MAX_BOTS, Math.floor(count) || 1));
  const bots: BotKind[] = Array.from({ length: n }, (_, i) => settings.bots[i] ?? 'normal');
  return { ...settings, bots };
}

/** The settings with bot `index`'s tier changed. */
export function withTier(settings: Settings, index: number, tier: BotKind): Settings {
  if (index < 0 || index >= settings.bots.length) return settings;
  const bots = [...settings.bots];
  bots[index] = tier;
  return { ...settings, bots };
}

/** The New game form's line-up from the settings: how many bot factions and their tiers. */
export function lineUpOf(settings: Settings): { bots: number; tiers: BotKind[] } {
  const sane = withBotCount(settings, settings.bots.length);
  return { bots: sane.bots.length, tiers: [...sane.bots] };
}

/** Pieces move along their way unless animation is off or the system asks for less motion. */
export function animate(settings: Settings, systemReducedMotion: boolean): boolean {
  return settings.animation && !systemReducedMotion;
}

/** A typed games folder as the service keeps it: trimmed; empty is the default folder (null). */
export function folderChoice(text: string): string | null {
  const folder = text.trim();
  return folder === '' ? null : folder;
}

/** Whether two settings are the same. */
export function sameSettings(a: Settings, b: Settings): boolean {
  return (
    a.bot_speed === b.bot_speed &&
    a.animation === b.animation &&
    a.auto_pass === b.auto_pass &&
    a.ask_free_moves === b.ask_free_moves &&
    a.confirm_moves === b.confirm_moves &&
    a.games_folder === b.games_folder &&
    a.bots.length === b.bots.length &&
    a.bots.every((t, i) => t === b.bots[i])
  );
}

/**
 * Bot tiers offered, on the New game form and in Settings: `easy` (for learners: pursues goals
 * but slips often), `normal` (the bots module's, the Solo Challenge's default), `hard` (plays
 * Normal's best few ideas forward over samples of what it cannot see, docs/bots.md) and `random` (any
 * legal command: for learning the rules, never the default).
 */
export const TIERS: [BotKind, string][] = [
  ['easy', 'Easy (for learners: beatable)'],
  ['normal', 'Normal'],
  ['hard', 'Hard (searches ahead: a strong opponent)'],
  ['random', 'Random (for learning: plays any legal move)'],
];
