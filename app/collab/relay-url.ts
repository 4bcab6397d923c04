/**
 * Where the page finds the relay: a build-time `VITE_RELAY_URL` (a static deployment points at
 * a relay elsewhere), else the relay beside the site on the same origin.
 */
import { RELAY_PATH } from "@plainpad/wire";

/** The relay's WebSocket URL for a page at `location`. */
export function relayUrlFor(
  location: Pick<Location, "protocol" | "host">,
  configured: string | undefined = import.meta.env.VITE_RELAY_URL,
): string {
  const fromBuild = configured?.trim();
  if (fromBuild) return fromBuild;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${RELAY_PATH}`;
}
