// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { deferModuleScripts } from "./defer-module-scripts.mjs";

const page = [
  '<html><head><link rel="modulepreload" href="/assets/a.js"/>',
  '<link rel="modulepreload" href="/assets/b.js"/><style>p{}</style></head><body><p>Hi</p>',
  '<script type="module" async="">import "/assets/a.js";\nwindow.x = "</div>";\nimport("/assets/b.js");</script>',
  "<script>window.__context = 1;</script></body></html>",
].join("");

describe("deferring module scripts past the first paint", () => {
  it("removes the preloads and the module script from the page as served", () => {
    const deferred = deferModuleScripts(page);
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).not.toContain('<script type="module"');
    expect(deferred).toContain("<p>Hi</p>");
    expect(deferred).toContain("<script>window.__context = 1;</script>");
  });

  it("adds the same preloads and the same module code back when it runs", () => {
    const deferred = deferModuleScripts(page);
    const loader = deferred.match(/<script>(\(function\(\)\{var started[\s\S]*?)<\/script>/)?.[1];
    expect(loader).toBeTruthy();
    document.head.innerHTML = "";
    document.body.innerHTML = "";
    // Run it with the first frame and the fallback timer both firing: it starts once.
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    new Function("requestAnimationFrame", "setTimeout", loader as string)(
      (run: () => void) => frames.push(run),
      (run: () => void) => timers.push(run),
    );
    frames.forEach((run) => run());
    [...timers].forEach((run) => run());
    timers.forEach((run) => run());
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/assets/a.js",
      "/assets/b.js",
    ]);
    const modules = [...document.body.querySelectorAll('script[type="module"]')];
    expect(modules).toHaveLength(1);
    expect(modules[0].textContent).toBe(
      'import "/assets/a.js";\nwindow.x = "</div>";\nimport("/assets/b.js");',
    );
  });

  it("leaves a page without scripts alone and refuses a page it does not understand", () => {
    expect(deferModuleScripts("<p>static</p>")).toBe("<p>static</p>");
    expect(() => deferModuleScripts('<link rel="modulepreload" href="/a.js"/>')).toThrow(
      /no inline module script/,
    );
  });
});
