import { STORAGE_KEYS } from "~/storage/keys";

/** The site theme: light or dark. */
export type SiteTheme = "light" | "dark";

/**
 * Runs inline in <head> before first paint: applies the stored theme, or the system
 * preference (then stores it), so the page never flashes the wrong theme. Kept as a string
 * built from the same key the React code uses.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var k=${JSON.stringify(
  STORAGE_KEYS.siteTheme,
)};var t=localStorage.getItem(k);if(t!=="light"&&t!=="dark"){t=window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";try{localStorage.setItem(k,t)}catch(e){}}if(t==="dark")document.documentElement.classList.add("dark");document.documentElement.style.colorScheme=t}catch(e){}})();`;

/** The theme currently shown (read from the <html> class the boot script set). */
export function currentTheme(): SiteTheme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Shows and stores a theme. Storage failures (private mode, full quota) only skip the storing. */
export function setTheme(theme: SiteTheme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(STORAGE_KEYS.siteTheme, theme);
  } catch {
    // The theme still applies for this page; it just won't be remembered.
  }
  window.dispatchEvent(new CustomEvent<SiteTheme>("plainpad:theme", { detail: theme }));
}
