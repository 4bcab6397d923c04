// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { ScriptLoadError } from "./errors";
import { GIS_SCRIPT_URL, loadScript, resetScriptLoadsForTests } from "./script-loader";

function scripts(url: string): HTMLScriptElement[] {
  return Array.from(document.head.querySelectorAll<HTMLScriptElement>("script")).filter(
    (script) => script.src === url,
  );
}

afterEach(() => {
  resetScriptLoadsForTests();
  document.head.innerHTML = "";
});

describe("loadScript", () => {
  it("adds the script once and shares the load between callers", async () => {
    const first = loadScript(GIS_SCRIPT_URL);
    const second = loadScript(GIS_SCRIPT_URL);
    expect(second).toBe(first);
    expect(scripts(GIS_SCRIPT_URL)).toHaveLength(1);
    scripts(GIS_SCRIPT_URL)[0].dispatchEvent(new Event("load"));
    await expect(first).resolves.toBeUndefined();
    await loadScript(GIS_SCRIPT_URL);
    expect(scripts(GIS_SCRIPT_URL)).toHaveLength(1);
  });

  it("fails with 'Failed to load script: {url}' and lets a later call try again", async () => {
    const url = "https://apis.google.com/js/api.js";
    const failed = loadScript(url);
    scripts(url)[0].dispatchEvent(new Event("error"));
    await expect(failed).rejects.toThrow(`Failed to load script: ${url}`);
    await expect(failed).rejects.toBeInstanceOf(ScriptLoadError);
    expect(scripts(url)).toHaveLength(0);
    const retry = loadScript(url);
    expect(retry).not.toBe(failed);
    expect(scripts(url)).toHaveLength(1);
  });

  it("gives up on a script that never answers", async () => {
    const url = "https://accounts.google.com/gsi/client?slow";
    await expect(loadScript(url, 10)).rejects.toThrow(`Failed to load script: ${url}`);
  });
});
