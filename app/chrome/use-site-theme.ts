import { useCallback, useSyncExternalStore } from "react";
import { currentTheme, setTheme, type SiteTheme } from "./theme";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("plainpad:theme", onChange);
  return () => window.removeEventListener("plainpad:theme", onChange);
}

/** The site theme and a toggle; during prerender the theme reads as light. */
export function useSiteTheme(): { theme: SiteTheme; toggle: () => void } {
  const theme = useSyncExternalStore<SiteTheme>(subscribe, currentTheme, () => "light");
  const toggle = useCallback(() => setTheme(currentTheme() === "dark" ? "light" : "dark"), []);
  return { theme, toggle };
}
