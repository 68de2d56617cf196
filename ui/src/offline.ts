// The service worker (public/sw.js), registered on a phone (a page served to another device than
// the computer) where its browser allows one, a secure origin. It keeps the app's shell so it
// opens at once and shows "Open Warwick on your computer" when the computer cannot be reached.
// Browsers give service workers only to secure origins, so a phone on plain http over the home
// network plays without one (docs/phone.md). The app's window and the computer's own browser
// talk to the games on the same machine, which is never away: they need none.
import { inTauri } from './api';
import { onThisComputer } from './settings/phone-section';

/** Registers the service worker if this page may have one; never throws. */
export function registerServiceWorker(): void {
  if (inTauri() || onThisComputer() || !globalThis.isSecureContext || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
    /* without it the app works as before: it only opens more slowly */
  });
}
