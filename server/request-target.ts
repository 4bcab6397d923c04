/**
 * Reads an HTTP request target (`req.url`) for the site and the relay. Never with `new URL`
 * on a base: "//[" would throw, and "//evil.com/x" would read as another host.
 */

/** A request's path (percent-decoded) and query; null when the target is not a usable URL. */
export function requestTarget(
  url: string,
): { path: string; rawPath: string; search: string } | null {
  let rawPath: string;
  let search: string;
  if (url.startsWith("/")) {
    // Read as a path, never as a URL: "//host/x" is a path with an empty first segment here.
    const query = url.indexOf("?");
    rawPath = query === -1 ? url : url.slice(0, query);
    search = query === -1 ? "" : url.slice(query);
  } else {
    // The absolute form ("GET http://host/x HTTP/1.1"), which HTTP/1.1 servers must take.
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
      rawPath = parsed.pathname;
      search = parsed.search;
    } catch {
      return null;
    }
  }
  // No URL of ours has these unencoded: "[" and "]" may not stand in a path, and browsers
  // send a backslash as "/"; only tools write them, and a backslash could name another host.
  if (/[[\]\\]/.test(rawPath)) return null;
  try {
    return { path: decodeURIComponent(rawPath), rawPath, search };
  } catch {
    return null;
  }
}
