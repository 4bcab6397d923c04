/** Keyboard platform: macOS and iOS use Cmd, everything else Ctrl. */
export type Platform = "mac" | "windows";

/**
 * Detects macOS / iOS from the browser (User-Agent Client Hints first, then `navigator.platform`,
 * then the user agent). Reads `navigator`, so call it in effects or handlers only, never while
 * prerendering.
 */
export function detectPlatform(): Platform {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  const name = nav.userAgentData?.platform || nav.platform || nav.userAgent;
  return /mac|iphone|ipad|ipod/i.test(name) ? "mac" : "windows";
}
