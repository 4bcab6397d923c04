import { createHash } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildHeadersFile,
  checkHostLimits,
  inlineScriptHashes,
  pagePaths,
  scriptHash,
} from "./csp-hashes.mjs";
import { deferModuleScripts } from "./defer-module-scripts.mjs";
import { contentSecurityPolicy, headersForPath, parseHeadersFile } from "./headers.mjs";

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

const THEME = "document.documentElement.dataset.theme='dark'";
const CONTEXT = 'window.__reactRouterContext = {"loaderData":{"x":"</div>"}};';
const MODULE = 'import "/assets/a.js";\nwindow.x = "</div>";\nimport("/assets/b.js");';

/** A page as React Router writes it, before scripts/defer-module-scripts.mjs. */
const page = [
  `<html><head><script>${THEME}</script>`,
  '<script type="application/ld+json">{"@type":"FAQPage"}</script>',
  '<link rel="modulepreload" href="/assets/a.js"/></head><body><p>Hi</p>',
  `<script>${CONTEXT}</script>`,
  `<script type="module" async="">${MODULE}</script>`,
  '<script src="/assets/external.js"></script>',
  "</body></html>",
].join("");

describe("hashing a page's inline scripts for its Content-Security-Policy", () => {
  it("hashes each inline script as the browser does (SHA-256 of its exact text)", () => {
    expect(scriptHash(THEME)).toBe(sha256(THEME));
    // The HTML parser turns CRLF into LF before the browser hashes.
    expect(scriptHash("a();\r\nb();")).toBe(sha256("a();\nb();"));
    expect(inlineScriptHashes(page)).toEqual(
      [sha256(THEME), sha256(CONTEXT), sha256(MODULE)].sort(),
    );
  });

  it("hashes the module script the deferred loader adds, and the loader itself", () => {
    const deferred = deferModuleScripts(page);
    const loader = deferred.match(/<script>(\(function\(\)\{var started[\s\S]*?)<\/script>/)?.[1];
    expect(loader).toBeTruthy();
    expect(inlineScriptHashes(deferred)).toEqual(
      [sha256(THEME), sha256(CONTEXT), sha256(loader as string), sha256(MODULE)].sort(),
    );
  });

  it("skips data blocks and external scripts, and counts a repeated script once", () => {
    const hashes = inlineScriptHashes(
      `<script>${THEME}</script><script type="application/ld+json">{}</script>` +
        `<SCRIPT TYPE="text/javascript">${THEME}</SCRIPT><script src=/x.js></script>`,
    );
    expect(hashes).toEqual([sha256(THEME)]);
  });

  it("names the paths a static host serves each file at", () => {
    expect(pagePaths("index.html")).toEqual(["/", "/index.html"]);
    expect(pagePaths(path.join("blog", "a", "index.html"))).toEqual([
      "/blog/a/",
      "/blog/a/index.html",
    ]);
    expect(pagePaths("__spa-fallback.html")).toEqual(["/__spa-fallback.html"]);
  });

  it("writes a _headers file where each page and the 404 shell get their own hashes", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "csp-hashes-"));
    try {
      await mkdir(path.join(dir, "editor"));
      await writeFile(path.join(dir, "editor", "index.html"), page);
      await writeFile(path.join(dir, "__spa-fallback.html"), `<script>${THEME}</script>`);
      const { text, count } = await buildHeadersFile(dir);
      expect(count).toBe(2);
      const rules = parseHeadersFile(text);
      expect(headersForPath(rules, "/editor/")["Content-Security-Policy"]).toBe(
        contentSecurityPolicy(inlineScriptHashes(page)),
      );
      expect(headersForPath(rules, "/unknown/")["Content-Security-Policy"]).toBe(
        contentSecurityPolicy([sha256(THEME)]),
      );
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it("fails the build when _headers is beyond what Cloudflare Pages reads", () => {
    const rule = (n: number) => `/page-${n}/\n  X-A: 1\n`;
    expect(() =>
      checkHostLimits(Array.from({ length: 100 }, (_, n) => rule(n)).join("")),
    ).not.toThrow();
    expect(() => checkHostLimits(Array.from({ length: 101 }, (_, n) => rule(n)).join(""))).toThrow(
      /101 rules/,
    );
    expect(() => checkHostLimits(`/*\n  X-A: ${"a".repeat(2000)}\n`)).toThrow(/characters/);
  });
});
