import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS, renderHeadersFile } from "./headers.mjs";

function directive(name: string): string[] {
  const found = CONTENT_SECURITY_POLICY.split(";")
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

  it("allows the Google hosts the Drive integration loads, and no others", () => {
    expect(directive("script-src")).toEqual([
      "'self'",
      "'unsafe-inline'",
      "https://accounts.google.com",
      "https://apis.google.com",
    ]);
    expect(directive("connect-src")).toEqual(
      expect.arrayContaining([
        "https://www.googleapis.com",
        "https://content.googleapis.com",
        "https://oauth2.googleapis.com",
        "https://accounts.google.com",
      ]),
    );
    expect(directive("frame-src")).toEqual(
      expect.arrayContaining(["https://docs.google.com", "https://accounts.google.com"]),
    );
    expect(directive("default-src")).toEqual(["'self'"]);
    expect(directive("object-src")).toEqual(["'none'"]);
    for (const source of CONTENT_SECURITY_POLICY.split(/[\s;]+/)) {
      if (source.startsWith("https://")) {
        expect(source).toMatch(
          /^https:\/\/([a-z0-9*-]+\.)*(google|googleapis|gstatic|googleusercontent)\.com$/,
        );
      }
    }
  });

  it("keeps the sign-in popup working and sets the basic hardening headers", () => {
    expect(SECURITY_HEADERS["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    expect(SECURITY_HEADERS["X-Content-Type-Options"]).toBe("nosniff");
    expect(SECURITY_HEADERS["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
});
