import { describe, expect, it } from 'vitest';
import { bootInfo, sameInfo } from './boot';

const info = { name: 'Warwick', version: '0.1.0', rules_version: 3, content_summary: '122 places' };

describe('bootInfo', () => {
  it('reads the facts the app gave the page', () => {
    expect(bootInfo({ __WARWICK_BOOT__: { app_info: info } })).toEqual(info);
  });
  it('is nothing in a browser, where the app gave nothing', () => {
    expect(bootInfo({})).toBeUndefined();
  });
  it('is nothing when what was given does not read as app_info', () => {
    expect(bootInfo({ __WARWICK_BOOT__: null })).toBeUndefined();
    expect(bootInfo({ __WARWICK_BOOT__: { app_info: { ...info, rules_version: '3' } } })).toBeUndefined();
    expect(bootInfo({ __WARWICK_BOOT__: { app_info: { name: 'Warwick' } } })).toBeUndefined();
  });
});

describe('sameInfo', () => {
  it('holds for the same facts, whatever their order, and not for others', () => {
    expect(sameInfo(info, { content_summary: info.content_summary, rules_version: 3, version: '0.1.0', name: 'Warwick' })).toBe(true);
    expect(sameInfo(info, { ...info, version: '0.2.0' })).toBe(false);
  });
});
