// The page's start: what the desktop app gives the page before its first script runs
// (src-tauri/src/boot.rs), the app's facts, so the start screen is drawn ready in its first frame
// instead of after a round trip to the service (in a browser, `warwick serve`, there is nothing
// given and the page asks); and the marks of start-up's timeline (ui/bench/startup.mjs).
import type { AppInfo } from './bindings/AppInfo';

/** The facts the app gave the page at its start, if it gave any that read as app_info. */
export function bootInfo(global: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): AppInfo | undefined {
  const boot = global.__WARWICK_BOOT__;
  if (typeof boot !== 'object' || boot === null) return undefined;
  const info = (boot as { app_info?: unknown }).app_info;
  if (typeof info !== 'object' || info === null) return undefined;
  const { name, version, rules_version, content_summary } = info as Record<string, unknown>;
  if (typeof name !== 'string' || typeof version !== 'string' || typeof rules_version !== 'number' || typeof content_summary !== 'string') return undefined;
  return { name, version, rules_version, content_summary };
}

/** Whether two sets of the app's facts say the same. */
export function sameInfo(a: AppInfo, b: AppInfo): boolean {
  return a.name === b.name && a.version === b.version && a.rules_version === b.rules_version && a.content_summary === b.content_summary;
}

/**
 * The start screen has its facts: marks the timeline (`warwick:info`; `warwick:ready` once it is
 * drawn, `updated`; `warwick:shown` once that frame is on screen), then runs `then`, which is
 * held back until the first frame is on screen so as not to delay it (reading the game screen's
 * code would).
 */
export function startScreenReady(updated: Promise<unknown>, then: () => void): void {
  performance.mark('warwick:info');
  document.body.dataset.ready = 'true';
  void updated.then(() => {
    performance.mark('warwick:ready');
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark('warwick:shown');
        then();
      }, 0),
    );
  });
}
