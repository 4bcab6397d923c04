declare const __SITE_URL__: string | undefined;

/**
 * Site-wide constants: the one place the tagline, origin and contact addresses live, and the
 * name (kept with the logo in `chrome/brand.ts`, below the editors that wear it too).
 */
export { SITE_NAME } from "~/chrome/brand";
export const SITE_TAGLINE = "Write Better, Work Smarter";
export const SUPPORT_EMAIL = "support@plainpad.app";
export const HOME_TITLE = "Plainpad | Free Online Text Editor & Notepad";

/**
 * Canonical origin without a trailing slash. Set at build time with the SITE_URL environment
 * variable (Vite `define`); defaults to the production origin.
 */
export const SITE_URL: string = (
  typeof __SITE_URL__ === "string" && __SITE_URL__ ? __SITE_URL__ : "https://plainpad.app"
).replace(/\/+$/, "");

/** Social profiles linked from the footer; they open in a new tab. */
export const SOCIAL_LINKS = [
  { name: "X (Twitter)", href: "https://x.com/plainpadapp" },
  { name: "GitHub", href: "https://github.com/plainpad" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/plainpad" },
] as const;
