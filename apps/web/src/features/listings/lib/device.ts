const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Silk|Kindle|BlackBerry|Opera Mini|IEMobile/i;

interface DeviceProbe {
  matchMedia?: ((query: string) => { matches: boolean }) | undefined;
  navigator?: { userAgent?: string; maxTouchPoints?: number; platform?: string } | undefined;
}

/**
 * A phone or tablet: a coarse pointer (touch screen as the main input) or a mobile user agent,
 * including iPads that present themselves as a Mac. HEIC photos are accepted only here.
 */
export function isMobileDevice(probe: DeviceProbe = typeof window === 'undefined' ? {} : window): boolean {
  const coarse =
    typeof probe.matchMedia === 'function' ? probe.matchMedia('(pointer: coarse)').matches : false;
  if (coarse) return true;
  const agent = probe.navigator?.userAgent ?? '';
  if (MOBILE_AGENT.test(agent)) return true;
  return /Macintosh/.test(agent) && (probe.navigator?.maxTouchPoints ?? 0) > 1;
}
