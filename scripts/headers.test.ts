import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  SECURITY_HEADERS,
  contentSecurityPolicy,
  headersForPath,
  parseHeadersFile,
  relayConnectSource,
  renderHeadersFile,
} from "./headers.mjs";

const HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

function directive(policy: string, name: string): string[] {
  const found = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

describe("security headers", () => {
  it("public/_headers matches scripts/headers.mjs (run node scripts/write-headers.mjs)", () => {
    const committed = readFileSync(new URL("../public/_headers", import.meta.url), "utf8");
    expect(committed).toBe(renderHeadersFile());
  });

  it("keeps the service worker uncached, so an update is found on the next check", () => {
    expect(renderHeadersFile()).toContain("/sw.js\n  Cache-Control: no-cache\n");
  });

  it("runs only hashed inline scripts and what they load, never any inline script", () => {
    const policy = contentSecurityPolicy([HASH]);
    const scripts = directive(policy, "script-src");
    expect(scripts).toEqual([
      HASH,
      "'strict-dynamic'",
      "'self'",
      "https://accounts.google.com",
      "https://apis.google.com",
    ]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // 'strict-dynamic' drops 'self' from script-src; workers keep it by a directive of their own.
    expect(directive(policy, "worker-src")).toEqual(["'self'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'none'"]);
    expect(directive(policy, "default-src")).toEqual(["'self'"]);
    // The template has no hashes: no inline script runs until the build writes the real file.
    expect(directive(contentSecurityPolicy(), "script-src")[0]).toBe("'strict-dynamic'");
  });

  it("lets the Markdown preview show remote images (http and https) once the user allows them", () => {
    expect(directive(contentSecurityPolicy(), "img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https:",
      "http:",
    ]);
  });

  it("allows the Google hosts the Drive integration reaches, and no others", () => {
    const policy = contentSecurityPolicy();
    expect(directive(policy, "connect-src")).toEqual(
      expect.arrayContaining([
        "https://www.googleapis.com",
        "https://content.googleapis.com",
        "https://oauth2.googleapis.com",
        "https://accounts.google.com",
      ]),
    );
    expect(directive(policy, "frame-src")).toEqual(
      expect.arrayContaining(["https://docs.google.com", "https://accounts.google.com"]),
    );
    for (const source of policy.split(/[\s;]+/)) {
      if (source.startsWith("https://")) {
        expect(source).toMatch(
          /^https:\/\/([a-z0-9*-]+\.)*(google|googleapis|gstatic|googleusercontent)\.com$/,
        );
      }
    }
  });

  it("lets pages reach a live relay on another origin named at build time, and only that", () => {
    expect(relayConnectSource(undefined)).toEqual([]);
    expect(relayConnectSource("wss://relay.example.com/relay")).toEqual([
      "wss://relay.example.com",
    ]);
    expect(relayConnectSource("https://relay.example.com:8443/relay")).toEqual([
      "wss://relay.example.com:8443",
    ]);
    expect(() => relayConnectSource("ftp://relay.example.com")).toThrow(/ws:\/\/ or wss:/);
    const file = renderHeadersFile({
      fallbackHashes: [HASH],
      pages: [{ paths: ["/editor/"], hashes: [HASH] }],
      connectSources: relayConnectSource("wss://relay.example.com/relay"),
    });
    const rules = parseHeadersFile(file);
    for (const urlPath of ["/editor/", "/nowhere/"]) {
      const policy = headersForPath(rules, urlPath)["Content-Security-Policy"];
      expect(directive(policy, "connect-src").slice(0, 2)).toEqual([
        "'self'",
        "wss://relay.example.com",
      ]);
    }
  });

  it("keeps the sign-in popup working and sets the basic hardening headers", () => {
    expect(SECURITY_HEADERS["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    expect(SECURITY_HEADERS["X-Content-Type-Options"]).toBe("nosniff");
    expect(SECURITY_HEADERS["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("the _headers file as a static host reads it", () => {
  const file = renderHeadersFile({
    fallbackHashes: ["'sha256-fallback'"],
    pages: [{ paths: ["/editor/", "/editor/index.html"], hashes: ["'sha256-editor'"] }],
  });
  const rules = parseHeadersFile(file);

  it("gives a page its own policy, and only that one", () => {
    const headers = headersForPath(rules, "/editor/");
    const policy = headers["Content-Security-Policy"];
    expect(policy).toBe(contentSecurityPolicy(["'sha256-editor'"]));
    // One policy: a second (joined with ", ") would be enforced as well and block the page.
    expect(policy).not.toContain(", ");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headersForPath(rules, "/editor/index.html")["Content-Security-Policy"]).toBe(policy);
  });

  it("gives any other address the app shell's policy (the 404 page)", () => {
    expect(headersForPath(rules, "/no/such/page/")["Content-Security-Policy"]).toBe(
      contentSecurityPolicy(["'sha256-fallback'"]),
    );
  });

  it("caches hashed assets for good and never the service worker", () => {
    expect(headersForPath(rules, "/assets/a-1.js")["Cache-Control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(headersForPath(rules, "/sw.js")["Cache-Control"]).toBe("no-cache");
  });

  it("joins a header set by two rules, as the hosts do", () => {
    const joined = parseHeadersFile("/*\n  X-A: 1\n/a\n  X-A: 2\n");
    expect(headersForPath(joined, "/a")).toEqual({ "X-A": "1, 2" });
  });
});
