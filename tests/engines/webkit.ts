import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { Builder, By, Key, type WebDriver, type WebElement } from "selenium-webdriver";
import {
  ENGINE_BINARIES,
  type EngineBrowser,
  type EnginePage,
  parseChord,
  waitUntil,
} from "./engine";

/**
 * WebKit (WebKitGTK's MiniBrowser, Safari's engine) driven by selenium-webdriver over classic
 * WebDriver, through Debian's WebKitWebDriver running under a virtual X display (xvfb-run).
 * Each page is a WebDriver session of its own: a new MiniBrowser with its own storage.
 */
export async function launchWebKit(): Promise<EngineBrowser> {
  const open = new Set<() => Promise<void>>();
  return {
    name: "webkit",
    async newPage() {
      // WebKitWebDriver holds one session at a time: a driver per page.
      const { driver, stop } = await startSession();
      const quit = async () => {
        open.delete(quit);
        // A driver that stopped answering is not waited for: its processes are killed below.
        await answered("quit", driver.quit()).catch(() => undefined);
        stop();
      };
      open.add(quit);
      return webkitPage(driver, quit);
    },
    async close() {
      await Promise.allSettled([...open].map((quit) => quit()));
    },
  };
}

/** Starts WebKitWebDriver under a virtual display and opens a MiniBrowser session on it. */
async function startSession(): Promise<{ driver: WebDriver; stop(): void }> {
  const [driverPath, browserPath, xvfbRun] = ENGINE_BINARIES.webkit;
  const port = await freePort();
  const driverProcess: ChildProcess = spawn(xvfbRun, ["-a", driverPath, `--port=${port}`], {
    stdio: "ignore",
    detached: true,
  });
  // xvfb-run, Xvfb and the driver form one process group.
  const stop = () => {
    try {
      if (driverProcess.pid) process.kill(-driverProcess.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  try {
    const serverUrl = `http://127.0.0.1:${port}`;
    await waitUntil(
      () =>
        fetch(`${serverUrl}/status`)
          .then((response) => response.ok)
          .catch(() => false),
      (ready) => ready,
      "WebKitWebDriver to start",
    );
    const driver = await new Builder()
      .usingServer(serverUrl)
      .withCapabilities({
        browserName: "MiniBrowser",
        // The editor's "replace the unsaved text?" question and "Leave page?": a person
        // answers yes (as firefox.ts does); the next command accepts any open prompt.
        unhandledPromptBehavior: "accept",
        "webkitgtk:browserOptions": { binary: browserPath, args: ["--automation"] },
      })
      .build();
    await driver
      .manage()
      .setTimeouts({ script: COMMAND_DEADLINE_MS, pageLoad: COMMAND_DEADLINE_MS });
    return { driver, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * How long one WebDriver command may take. WebKitWebDriver has now and then (in two CI runs
 * of late, one test each) left a command unanswered until the test's own two-minute limit,
 * which says nothing of which command it was: each command now fails by itself, by name, first.
 */
const COMMAND_DEADLINE_MS = 40_000;

/** `command`, or an error naming it when WebKitWebDriver has not answered in time. */
function answered<T>(what: string, command: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`WebKitWebDriver did not answer "${what}" in ${COMMAND_DEADLINE_MS / 1000} s`),
        ),
      COMMAND_DEADLINE_MS + 5_000,
    );
  });
  return Promise.race([command, late]).finally(() => clearTimeout(timer));
}

/** WebDriver key names for the chords the suite presses. */
const KEYS: Record<string, string> = {
  Control: Key.CONTROL,
  Shift: Key.SHIFT,
  Alt: Key.ALT,
  Meta: Key.META,
  Enter: Key.ENTER,
  Delete: Key.DELETE,
  Backspace: Key.BACK_SPACE,
  Escape: Key.ESCAPE,
  Tab: Key.TAB,
  Home: Key.HOME,
  End: Key.END,
  ArrowUp: Key.ARROW_UP,
  ArrowDown: Key.ARROW_DOWN,
  ArrowLeft: Key.ARROW_LEFT,
  ArrowRight: Key.ARROW_RIGHT,
  F9: Key.F9,
};

function webkitPage(driver: WebDriver, quit: () => Promise<void>): EnginePage {
  const run = <T>(script: string, ...args: unknown[]) =>
    answered("execute script", driver.executeScript(script, ...args)) as Promise<T>;
  const find = async (query: object): Promise<WebElement> => {
    const element = await run<WebElement | null>(
      "return window.__engineProbe.find(arguments[0]);",
      query,
    );
    if (!element) throw new Error(`No visible control matches ${JSON.stringify(query)}`);
    return element;
  };
  return {
    async goto(url) {
      await answered(`go to ${url}`, driver.get(url));
    },
    async reload() {
      await answered("reload", driver.navigate().refresh());
    },
    evaluate(fn, ...args) {
      // WebDriver awaits a returned promise (Execute Script, step "promise-calling").
      return run(`return (${fn.toString()}).apply(null, arguments);`, ...args);
    },
    async click(query) {
      const element = await find(query);
      // A person scrolls a long menu to its item first; WebKitWebDriver does not scroll inside
      // a scrolling menu, and refuses an item below its edge as "not interactable".
      await run("arguments[0].scrollIntoView({ block: 'nearest' })", element);
      await answered(`click ${JSON.stringify(query)}`, element.click());
    },
    async type(text) {
      // A line break is the Enter key (WebDriver would drop a bare "\n").
      await answered(
        `type ${JSON.stringify(text)}`,
        driver.actions().sendKeys(text.replaceAll("\n", Key.ENTER)).perform(),
      );
    },
    async press(chord) {
      const { modifiers, key } = parseChord(chord);
      const keyOf = (name: string) => KEYS[name] ?? name;
      let actions = driver.actions();
      for (const modifier of modifiers) actions = actions.keyDown(keyOf(modifier));
      actions = actions.sendKeys(keyOf(key));
      for (const modifier of [...modifiers].reverse()) actions = actions.keyUp(keyOf(modifier));
      await answered(`press ${chord}`, actions.perform());
    },
    async chooseFiles(paths) {
      const inputs = await answered(
        "find the file input",
        driver.findElements(By.css("input[data-engine-file-input]")),
      );
      const input = inputs.at(-1);
      if (!input) throw new Error("The page opened no file dialog");
      await answered("choose files", input.sendKeys(paths.join("\n")));
    },
    close: quit,
  };
}

/** A TCP port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("port")),
      );
    });
  });
}
