import { data } from "react-router";

/**
 * Every URL no other route matches. It is never prerendered: a static host answers such URLs
 * with the SPA fallback page, which shows the root's HydrateFallback. A client loader keeps
 * the first client render on that same fallback (so hydration matches the HTML) and then
 * throws the 404 that the root's ErrorBoundary shows. Without this route the router would
 * render the error screen during hydration, over HTML that says "Loading…" (React #418).
 */
export function clientLoader(): never {
  throw data("Not Found", { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
