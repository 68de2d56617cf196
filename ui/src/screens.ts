// The screens past the start screen, each loaded (its own chunk of the bundle) the first time it
// is needed, so a start reads and runs only what the start screen draws: the game's screen and
// the map alone are over half of the UI's code. In a browser, once the start screen is drawn the
// game's screen is fetched in the background (`preloadPlay`), so starting or resuming a game does
// not wait on it either; the app opens each game in a page of its own instead. A screen opened by
// its address (`?game=N`, `?view=stats`) loads it at once.

/** Every screen of the app but the start screen (`app.ts`). */
export type Screen = 'play' | 'game' | 'verify' | 'stats' | 'settings' | 'phone' | 'board';

const LOADERS: Record<Screen, () => Promise<unknown>> = {
  play: () => Promise.all([import('./game/game-screen'), import('./challenge/end-screen')]),
  game: () => import('./map/map-view'),
  verify: () => import('./challenge/verify-view'),
  stats: () => import('./challenge/stats-screen'),
  settings: () => import('./settings/settings-screen'),
  // The phone's page is part of the start screen's settings section (settings/phone-section.ts).
  phone: () => Promise.resolve(),
  board: () => import('./challenge/board-view'),
};

/** Loads each key's code once; a failed load is forgotten, so the next call tries again. */
export function onceEach<K extends string>(loaders: Record<K, () => Promise<unknown>>) {
  const loading = new Map<K, Promise<unknown>>();
  const loaded = new Set<K>();
  return {
    /** Whether `key`'s code has loaded. */
    loaded: (key: K): boolean => loaded.has(key),
    /** Loads `key`'s code once (a second call gets the same promise). */
    load(key: K): Promise<unknown> {
      let pending = loading.get(key);
      if (!pending) {
        pending = loaders[key]().then(
          () => loaded.add(key),
          (error: unknown) => {
            loading.delete(key);
            throw error;
          },
        );
        loading.set(key, pending);
      }
      return pending;
    },
  };
}

const screens = onceEach<Screen>(LOADERS);

/** Whether `screen`'s elements are defined. */
export function screenLoaded(screen: Screen): boolean {
  return screens.loaded(screen);
}

/** Loads `screen`'s code once; a failed load is forgotten, so a Retry loads it again. */
export function loadScreen(screen: Screen): Promise<unknown> {
  return screens.load(screen);
}

/** Fetches the game's screen once the page has nothing else to do, ignoring a failure (the game's own load says it). */
export function preloadPlay(): void {
  setTimeout(() => void loadScreen('play').catch(() => undefined), 0);
}
