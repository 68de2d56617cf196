import { describe, expect, it } from 'vitest';
import { APP_SCHEME, shareLink } from './share-link';

describe('shareLink', () => {
  const served = { origin: 'http://192.0.2.2:8421', pathname: '/', protocol: 'http:' };

  it('is the served page with the code after # in a browser', () => {
    expect(shareLink('W4-abc', served, false)).toBe('http://192.0.2.2:8421/?view=verify#W4-abc');
  });

  it('is a warwick:// address in the app, whatever the page is', () => {
    expect(shareLink('W4-abc', { origin: 'tauri://localhost', pathname: '/', protocol: 'tauri:' }, true)).toBe(
      `${APP_SCHEME}://verify#W4-abc`,
    );
  });

  it('is nothing on a page not served over http outside the app', () => {
    expect(shareLink('W4-abc', { origin: 'null', pathname: '/x.html', protocol: 'file:' }, false)).toBeUndefined();
    expect(shareLink('W4-abc', undefined, false)).toBeUndefined();
  });
});
