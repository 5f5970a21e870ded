import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './device';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const coarse = (matches: boolean) => () => ({ matches });

describe('isMobileDevice', () => {
  it('is true for a coarse pointer', () => {
    expect(isMobileDevice({ matchMedia: coarse(true), navigator: { userAgent: DESKTOP_CHROME } })).toBe(true);
  });

  it('is true for a mobile user agent, and for an iPad that presents itself as a Mac', () => {
    expect(isMobileDevice({ matchMedia: coarse(false), navigator: { userAgent: IPHONE } })).toBe(true);
    expect(isMobileDevice({ navigator: { userAgent: IPAD_AS_MAC, maxTouchPoints: 5 } })).toBe(true);
  });

  it('is false on a desktop with a mouse', () => {
    expect(isMobileDevice({ matchMedia: coarse(false), navigator: { userAgent: DESKTOP_CHROME } })).toBe(
      false,
    );
    expect(isMobileDevice({ navigator: { userAgent: IPAD_AS_MAC, maxTouchPoints: 0 } })).toBe(false);
    expect(isMobileDevice({})).toBe(false);
  });
});
