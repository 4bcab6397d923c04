import { type Browser, expect, test } from "@playwright/test";
import { loadLegacyEncoders } from "../../app/text/legacy-encodings";
import { SOLO_FILES } from "../../app/workspace/file-share";
import { FIXTURE_FILES, fixtureBytes } from "../../app/workspace/workspace-fixture";
import { openNotepad, runMenu } from "./notepad-helpers";
import { installWorkspaceHarness, writeWorkspaceFiles } from "./workspace-harness";

/**
 * Issue 52: find in files split across several workers (one per logical processor, up to
 * four) gives what one worker gives: the same files, in the same order, with the same lines
 * and the same counts. The processors are set through `navigator.hardwareConcurrency`, the
 * folder is a real one in the Origin Private File System, larger than what one worker keeps.
 */

const WORD = "needle";
/** Files beyond the solo share, so several workers each search some. */
const GENERATED = SOLO_FILES * 2 + 50;

/** The folder: the mixed-encoding fixture, generated files (every third with the word), binaries. */
async function folderFiles(): Promise<{ path: string; bytes: number[] }[]> {
  await loadLegacyEncoders();
  const files = FIXTURE_FILES.map((file) => ({
    path: file.path,
    bytes: Array.from(fixtureBytes({ ...file, text: `${file.text}a ${WORD} here\n` })),
  }));
  for (let i = 0; i < GENERATED; i++) {
    const path = `part-${i % 6}/set-${i % 4}/note-${i}.txt`;
    if (i % 53 === 7) {
      files.push({ path: path.replace(".txt", ".bin"), bytes: [0, 1, 2, 0, ...Buffer.from(WORD)] });
    } else {
      const text =
        i % 3 === 0 ? `line ${i}\nthe ${WORD} of note ${i}, ${WORD} again\n` : `hay ${i}\n`;
      files.push({ path, bytes: Array.from(Buffer.from(text, "utf8")) });
    }
  }
  return files;
}

/** Searches the folder with `processors` logical processors; what the Search view shows. */
async function searchWith(browser: Browser, processors: number) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript((cores) => {
      Object.defineProperty(navigator, "hardwareConcurrency", { get: () => cores });
      // Counts the search workers the page starts.
      const w = window as unknown as { __workers: number };
      w.__workers = 0;
      const PageWorker = window.Worker;
      window.Worker = class extends PageWorker {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          if (String(url).includes("find-worker")) w.__workers++;
        }
      };
    }, processors);
    await installWorkspaceHarness(page);
    await openNotepad(page);
    await writeWorkspaceFiles(page, await folderFiles());
    await runMenu(page, "File", "Open folder…");
    await page.keyboard.press("ControlOrMeta+Shift+F");
    const view = page.getByRole("search", { name: /in files/ });
    await view.getByLabel("Find", { exact: true }).fill(WORD);
    await view.getByRole("button", { name: "Find all" }).click();
    const status = page.getByRole("status").filter({ hasText: "matches in" });
    await expect(status).toBeVisible();
    const results = page.getByRole("region", { name: "Results" });
    return {
      status: await status.innerText(),
      files: await results
        .getByRole("list", { name: /^Matches in / })
        .evaluateAll((lists) => lists.map((list) => list.getAttribute("aria-label"))),
      rows: await results.getByRole("button").allInnerTexts(),
      workers: await page.evaluate(() => (window as unknown as { __workers: number }).__workers),
    };
  } finally {
    await context.close();
  }
}

test.describe("find in files on several workers", () => {
  test("a folder searched by four workers gives the same results, in the same order, as by one", async ({
    browser,
  }) => {
    test.slow();
    const one = await searchWith(browser, 1);
    const four = await searchWith(browser, 4);
    expect(one.workers).toBe(1);
    expect(four.workers).toBe(4);
    const withWord = FIXTURE_FILES.length + Math.ceil(GENERATED / 3) - countBinaryWithWord();
    expect(one.files).toHaveLength(withWord);
    expect(one.status).toContain(`in ${withWord} files`);
    // The binary files are counted, whichever worker met them.
    expect(one.status).toContain(`${binaryFiles()} binary files`);
    expect(four.files).toEqual(one.files);
    expect(four.rows).toEqual(one.rows);
    expect(four.status).toBe(one.status);
  });
});

/** Generated files that are binary. */
function binaryFiles(): number {
  let count = 0;
  for (let i = 0; i < GENERATED; i++) if (i % 53 === 7) count++;
  return count;
}

/** Generated files that would hold the word but are binary instead. */
function countBinaryWithWord(): number {
  let count = 0;
  for (let i = 0; i < GENERATED; i++) if (i % 53 === 7 && i % 3 === 0) count++;
  return count;
}
