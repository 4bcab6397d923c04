// The landing page's three main buttons work before its scripts run (issue 51 §6), in Firefox
// and WebKit as in Chromium (tests/e2e/landing-before-scripts.spec.ts): the landing page is
// served as with JavaScript off (site-server.ts `scriptsOff`: a slow phone's first tap meets
// the same page), each button sends its GET form to the editor with the action in the address,
// and the editor, whose scripts run, then does it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { DriveModel } from "../support/drive-model";
import { type ControlQuery, type EnginePage, runnableEngines, waitUntil } from "./engine";
import {
  clickWhenShown,
  expectShownText,
  open,
  typeDocument,
  useEngine,
  waitForControl,
  waitForEditorStored,
  waitForHydration,
} from "./plainpad";

const CREATE: ControlQuery = { role: "button", name: "Create New Text File" };
const OPEN: ControlQuery = { role: "button", name: "Open File From Computer" };
const DRIVE: ControlQuery = { role: "button", name: "Open from Google Drive" };

const scratch = mkdtempSync(path.join(tmpdir(), "plainpad-engines-landing-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The page's address, path and query (null while it is between two documents). */
function address(page: EnginePage): Promise<string | null> {
  return page.evaluate(() => location.pathname + location.search);
}

/** Waits until the page's address is `expected`. */
function waitForAddress(page: EnginePage, expected: string) {
  return waitUntil(
    () => address(page),
    (seen) => seen === expected,
    `the address ${expected}`,
  );
}

/**
 * Opens the landing page with none of its scripts (the site server takes them out), checks
 * nothing of the app runs in it, and taps `control`: the editor's address with `action` follows.
 */
async function tapBeforeScripts(
  t: { page: EnginePage; origin: string; site: { scriptsOff: Set<string> } },
  control: ControlQuery,
  action: string,
) {
  t.site.scriptsOff.add("/");
  await t.page.goto(`${t.origin}/`);
  await waitForControl(t.page, control);
  const running = await t.page.evaluate(() => ({
    hydrated: document.documentElement.dataset.hydrated ?? null,
    // A service worker would serve the page with its scripts (the suite serves none here).
    controlled: navigator.serviceWorker?.controller != null,
  }));
  expect(running).toEqual({ hydrated: null, controlled: false });
  await t.page.click(control);
  // The editor takes the action out of its address as soon as it has run it, which a fast
  // engine may do between two looks: either address says the form reached the editor, and
  // what the action did is checked after.
  const reached = [`/editor/?action=${action}`, "/editor/"];
  await waitUntil(
    () => address(t.page),
    (seen) => seen !== null && reached.includes(seen),
    `the editor's address (${reached.join(" or ")})`,
  );
}

describe.each(runnableEngines())(
  "%s: the landing page's buttons before its scripts run",
  (engine) => {
    const t = useEngine(engine);
    beforeEach(() => {
      t.site.serviceWorker = false;
    });
    afterEach(() => {
      t.site.serviceWorker = true;
      t.site.scriptsOff.clear();
      t.site.fakeDrive = null;
    });

    it("Create New Text File starts an empty document in place of the stored draft, once", async () => {
      await open(t.page, `${t.origin}/editor/`);
      await typeDocument(t.page, "yesterday's draft");
      await waitForEditorStored(t.page, "yesterday's draft");

      await tapBeforeScripts(t, CREATE, "new");
      // Done once: the action leaves the address when the editor runs it, after the stored
      // draft loaded (until then the editor shows an empty Untitled.txt of its own), so a
      // reload keeps what is typed next. Waited for before reading the text.
      await waitForAddress(t.page, "/editor/");
      // The editor asks before emptying a draft with unsaved changes; the driver answers yes.
      await expectShownText(t.page, "");
      await waitForControl(t.page, { role: "button", name: "Rename Untitled.txt" });
      await typeDocument(t.page, "a fresh start");
      await waitForEditorStored(t.page, "a fresh start");
      await t.page.reload();
      await waitForHydration(t.page);
      await expectShownText(t.page, "a fresh start");
    });

    it("Open File From Computer asks for the file in the editor and opens it", async () => {
      const letter = path.join(scratch, "letter.txt");
      writeFileSync(letter, "Dear reader,\nthank you.");

      await tapBeforeScripts(t, OPEN, "open");
      // The open dialog needs a click of its own on this page (browsers refuse it otherwise).
      await waitForControl(t.page, {
        role: "alert",
        name: "Choose the file to open from your computer",
        nameMatches: true,
      });
      await clickWhenShown(t.page, { role: "button", name: "Choose a file" });
      await t.page.chooseFiles([letter]);
      await expectShownText(t.page, "Dear reader,\nthank you.");
      await waitForControl(t.page, { role: "button", name: "Rename letter.txt" });
    });

    it("Open from Google Drive starts the Drive open flow in the editor and opens the picked file", async () => {
      const drive = new DriveModel();
      drive.addFile("slow-notes.txt", "Picked after a tap before scripts", { id: "slow-notes" });
      t.site.fakeDrive = drive;

      await tapBeforeScripts(t, DRIVE, "drive-open");
      // What Google's picker (the one fake, tests/support/fake-google-scripts.ts) will pick.
      await t.page.evaluate(() => {
        (window as unknown as { __driveFake: { pick: object } }).__driveFake.pick = {
          id: "slow-notes",
          name: "slow-notes.txt",
        };
      });
      // Signed out: the sign-in window needs a click of its own, which the editor asks for.
      await clickWhenShown(t.page, {
        role: "button",
        name: "Continue to Google Drive",
        within: { role: "dialog", name: "Open from Google Drive" },
      });
      await expectShownText(t.page, "Picked after a tap before scripts");
      await waitForControl(t.page, { role: "button", name: "Rename slow-notes.txt" });
      expect(drive.tokensGranted).toBe(1);
    });
  },
);
