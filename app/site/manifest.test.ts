import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NEW_TAB_ACTION } from "~/notepad/notepad-launch";
import { SHARE_FIELDS, SHARE_TARGET_PATH } from "~/storage/share-target";
import { NOTEPAD_FILE_EXTENSIONS } from "~/text/file-checks";
import { languageFromName, PLAIN_TEXT } from "~/text/languages";
import { STATIC_PAGES } from "./pages";

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(
  readFileSync(path.resolve("public/manifest.webmanifest"), "utf8"),
) as Record<string, unknown> & {
  icons: Icon[];
  shortcuts: { name: string; url: string; icons: Icon[] }[];
  file_handlers: { action: string; accept: Record<string, string[]> }[];
  share_target: {
    action: string;
    method: string;
    enctype: string;
    params: Record<string, unknown> & { files: { name: string; accept: string[] }[] };
  };
};
const imageScript = readFileSync(path.resolve("scripts/generate-images.mjs"), "utf8");
const pagePaths = STATIC_PAGES.map((page) => page.path);

/** Icons are rendered by scripts/generate-images.mjs at build time. */
function iconIsBuilt(icon: Icon): boolean {
  return imageScript.includes(`"${icon.src.replace(/^\//, "")}"`);
}

describe("web app manifest", () => {
  it("names the app, its id and its scope, with a start page inside the scope", () => {
    expect(manifest).toMatchObject({
      id: "/editor/",
      name: "Plainpad",
      short_name: "Plainpad",
      scope: "/",
      start_url: "/editor/",
      display: "standalone",
    });
    expect(pagePaths).toContain(manifest.start_url);
  });

  it("has 192 and 512 pixel icons and a maskable one, all built", () => {
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    for (const icon of [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons)]) {
      expect(iconIsBuilt(icon), icon.src).toBe(true);
    }
  });

  it("offers the New note and Advanced notepad shortcuts", () => {
    expect(manifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
      { name: "New note", url: `/online-notepad/?action=${NEW_TAB_ACTION}` },
      { name: "Advanced notepad", url: "/online-notepad/" },
    ]);
  });

  it("opens text files in the notepad, at least every kind its Open dialog takes as text", () => {
    const [handler] = manifest.file_handlers;
    expect(pagePaths).toContain(handler.action);
    const extensions = Object.values(handler.accept).flat();
    for (const wanted of [".txt", ".md", ".csv", ".log", ".json", ".xml"]) {
      expect(extensions).toContain(wanted);
    }
    // Web pages, scripts and other code open from the notepad's dialog, but Plainpad does not
    // ask to be their handler in the operating system: every extension left out is code.
    const left = NOTEPAD_FILE_EXTENSIONS.filter((ext) => !extensions.includes(ext));
    expect(left).toEqual(expect.arrayContaining([".js", ".css", ".html", ".py"]));
    for (const ext of left) expect(languageFromName(`a${ext}`), ext).not.toBe(PLAIN_TEXT);
  });

  it("receives shared text and files where the service worker expects them", () => {
    const target = manifest.share_target;
    expect(target.action).toBe(SHARE_TARGET_PATH);
    expect(target.method).toBe("POST");
    expect(target.enctype).toBe("multipart/form-data");
    expect(target.params.title).toBe(SHARE_FIELDS.title);
    expect(target.params.text).toBe(SHARE_FIELDS.text);
    expect(target.params.url).toBe(SHARE_FIELDS.url);
    expect(target.params.files[0].name).toBe(SHARE_FIELDS.files);
  });
});
