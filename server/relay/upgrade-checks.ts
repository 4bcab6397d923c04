/**
 * What the relay's WebSocket endpoint reads from an upgrade request before it takes the
 * socket: the client's address (for the per-address limits) and whether the page that opens
 * it may (its Origin). See docs/decisions/024-live-relay.md and docs/deploy.md.
 */
import net from "node:net";

/**
 * TRUST_PROXY: how many proxies of yours stand in front of the relay (0 when unset). Each
 * appends the address it got the request from to X-Forwarded-For, so with N proxies the client
 * is the N-th entry from the right; everything left of it was written by the client.
 */
export function trustedProxyHops(value: string | undefined): number {
  if (value === undefined || value === "") return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 16) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server (0 to 16), not "${value}".`,
    );
  }
  return hops;
}

/**
 * The client's address: the socket's peer, or with `hops` proxies in front the entry they
 * wrote into X-Forwarded-For (`forwardedFor`, every header's entries in order).
 */
export function clientAddress(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  hops: number,
): string {
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request skipped one; the left-most is all there is.
    const chosen = entries[Math.max(0, entries.length - hops)];
    if (chosen) return chosen;
  }
  return socketAddress ?? "unknown";
}

/**
 * The key an address is counted under: an IPv4 address itself, an IPv6 address by its /64
 * (one subscriber usually holds a whole /64, so counting single addresses would let one
 * person spread over 2^64 of them). Text that is no address is its own key.
 */
export function addressKey(address: string): string {
  let text = address.trim();
  // "[2001:db8::1]:443" and "203.0.113.7:5678" (a proxy may keep the port).
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, ""); // a zone ("fe80::1%eth0")
  if (net.isIPv4(text)) return text;
  if (!net.isIPv6(text)) return address;
  const groups = ipv6Groups(text);
  const mappedIPv4 =
    groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
      ? `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`
      : null;
  if (mappedIPv4) return mappedIPv4;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (net.isIPv6 said so). */
function ipv6Groups(address: string): number[] {
  let text = address;
  // A trailing dotted IPv4 ("::ffff:1.2.3.4") is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

/** RELAY_ALLOWED_ORIGINS: origins besides the site's own whose pages may open the relay. */
export function allowedOrigins(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        throw new Error(
          `RELAY_ALLOWED_ORIGINS must list origins such as https://plainpad.app, not "${origin}".`,
        );
      }
    });
}

/**
 * Whether a WebSocket upgrade may proceed by its Origin header: the site's own pages (the
 * origin's host is the request's Host, whatever the scheme a proxy in front ends TLS with),
 * a configured origin, or no Origin at all (browsers always send one; only other programs,
 * such as the relay's own tests and tools, leave it out, and they can write any header they
 * like anyway: the check keeps other sites' pages out, not programs).
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === "null") return false;
  if (host !== undefined && parsed.host === hostOf(parsed.protocol, host)) return true;
  return allowed.includes(parsed.origin);
}

/** A Host header as URL.host writes it for `protocol` (lower case, no default port). */
function hostOf(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}
