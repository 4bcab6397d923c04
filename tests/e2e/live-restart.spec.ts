import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  convergedText,
  joinLink,
  liveStatus,
  openLiveEditor,
  shownText,
  startLiveSession,
  typeAt,
} from "./live-helpers";

/**
 * The server restarts without a person (issue 49): the built server runs under its supervisor,
 * as `npm start` runs it; the process serving a live session is killed as an out-of-memory kill
 * would, the supervisor starts a new one, the pages reconnect by themselves, and nothing typed
 * before or during the outage is lost. The test starts its own server (not the suite's shared
 * one) so that it knows which process serves, and kills only that.
 */

const buildDir = process.env.BUILD_DIR ?? "build";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The supervised server on a free port; its output tells the workers' process ids. */
async function startSupervisedServer() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-restart-e2e-"));
  const child: ChildProcess = spawn(process.execPath, [path.join(buildDir, "server", "main.mjs")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      RELAY_DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const servings = () => output.split("served at").length - 1;
  await expect.poll(servings, { timeout: 30_000 }).toBe(1);
  return {
    base: `http://127.0.0.1:${port}`,
    servings,
    exits: () => output.split('"event":"worker-exited"').length - 1,
    workers: () =>
      [...output.matchAll(/"event":"worker-started","pid":(\d+)/g)].map((match) =>
        Number(match[1]),
      ),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

test("killing the serving process mid-session: pages reconnect by themselves, nothing typed is lost", async ({
  browser,
}) => {
  const server = await startSupervisedServer();
  try {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await openLiveEditor(owner, "editor", `${server.base}/editor/`);
    await owner.locator(".cm-content").click();
    await owner.keyboard.type("Before.");
    const { edit } = await startLiveSession(owner, "editor", "Ada");
    const guest = await joinLink(browser, edit, "Bob");
    await typeAt(owner, "ControlOrMeta+End", " One.");
    expect(await convergedText([owner, guest.page])).toBe("Before. One.");

    const [worker] = server.workers();
    process.kill(worker!, "SIGKILL");
    // Typed after the kill, on both sides: into the outbox while the relay is gone, or to the
    // new worker if it is already back; either way it must arrive.
    await expect.poll(server.exits, { timeout: 30_000 }).toBe(1);
    await typeAt(owner, "ControlOrMeta+End", " Two.");
    await typeAt(guest.page, "ControlOrMeta+Home", "Bob: ");

    await expect.poll(server.servings, { timeout: 30_000 }).toBe(2);
    expect(server.workers()).toHaveLength(2);
    await expect(liveStatus(owner).getByRole("status")).toHaveText("Live", { timeout: 30_000 });
    await expect(liveStatus(guest.page).getByRole("status")).toHaveText("Live", {
      timeout: 30_000,
    });
    expect(await convergedText([owner, guest.page])).toBe("Bob: Before. One. Two.");

    // The relay has it all: someone opening the link now gets the whole text.
    const late = await joinLink(browser, edit, "Cy");
    await expect.poll(() => shownText(late.page)).toBe("Bob: Before. One. Two.");
    await late.context.close();
    await guest.context.close();
    await ownerContext.close();
  } finally {
    await server.stop();
  }
});
