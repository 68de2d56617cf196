// The link that opens "Check a shared result" with a replay code in it. In a browser served by
// Warwick it is the page's own address with `?view=verify#CODE`; in the app it is
// `warwick://verify#CODE`, the address the desktop package registers (Tauri's deep-link
// plugin): opened on a computer with Warwick installed, the app shows the check of that code.
import { inTauri } from '../api';

/** The scheme the desktop package registers (src-tauri/tauri.conf.json, plugins.deep-link). */
export const APP_SCHEME = 'warwick';

/** The link that opens the check of `code`, or undefined where there is none (a page not
 *  served over http, outside the app). */
export function shareLink(
  code: string,
  where: Pick<Location, 'origin' | 'pathname' | 'protocol'> | undefined = globalThis.location,
  app: boolean = inTauri(),
): string | undefined {
  if (app) return `${APP_SCHEME}://verify#${code}`;
  if (!where || !where.protocol.startsWith('http')) return undefined;
  return `${where.origin}${where.pathname}?view=verify#${code}`;
}
