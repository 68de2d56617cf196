// The game screen's keyboard shortcuts: one key each for End turn, Pass, the hand, Discard,
// Undo, advice, the rules and the map's pieces, listed in How to play and named in the buttons'
// tooltips. Pure; tested in keys.test.ts. What each does is the game screen's (./game-screen.ts).

export type Shortcut = 'end-turn' | 'pass' | 'hand' | 'discard' | 'undo' | 'advice' | 'rules' | 'map';

/** Every shortcut: its key (a letter, or `?`) and what it does, in How to play's order. */
export const SHORTCUTS: { key: string; id: Shortcut; label: string }[] = [
  { key: 'e', id: 'end-turn', label: 'End turn (goes through the steps that need nothing; asks for a discard in place)' },
  { key: 'p', id: 'pass', label: 'Pass (play nothing in a card window)' },
  { key: 'h', id: 'hand', label: 'Your hand' },
  { key: 'd', id: 'discard', label: 'Discard (when your hand is over its limit)' },
  { key: 'u', id: 'undo', label: 'Undo your last decision' },
  { key: 'a', id: 'advice', label: 'What would a Hard player do?' },
  { key: 'r', id: 'rules', label: 'Rules' },
  { key: 'm', id: 'map', label: 'To your pieces on the map (arrows between them, Enter chooses, Escape cancels)' },
];

/** The shortcut a key press asks for, if any (letters either case). */
export function shortcutOf(key: string): Shortcut | undefined {
  const k = key.length === 1 ? key.toLowerCase() : key;
  return SHORTCUTS.find((s) => s.key === k)?.id;
}

/** A button's tooltip with its shortcut: `End turn (E)`. */
export function withKey(text: string, id: Shortcut): string {
  const s = SHORTCUTS.find((x) => x.id === id);
  return s ? `${text} (${s.key.toUpperCase()})` : text;
}
