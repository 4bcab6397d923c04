// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { DRIVE_DISCOVERY_DOC, loadPicker, resetGapiForTests } from "./google-scripts";
import { GAPI_SCRIPT_URL, resetScriptLoadsForTests } from "./script-loader";

const globals = globalThis as unknown as Record<string, unknown>;

afterEach(() => {
  resetGapiForTests();
  resetScriptLoadsForTests();
  document.head.innerHTML = "";
  delete globals.gapi;
  delete globals.google;
  vi.restoreAllMocks();
});

/** Serves api.js: defines a gapi whose client.init answers with `init`. */
function serveGapi(init: () => Promise<void>) {
  const inits: unknown[] = [];
  const observer = new MutationObserver(() => {
    const script = Array.from(document.head.querySelectorAll("script")).find(
      (candidate) => candidate.src === GAPI_SCRIPT_URL,
    );
    if (!script || script.dataset.served) return;
    script.dataset.served = "1";
    globals.gapi = {
      load: (_name: string, config: { callback: () => void }) => {
        globals.google = { picker: { marker: "picker" } };
        setTimeout(config.callback, 0);
      },
      client: {
        init: (args: unknown) => {
          inits.push(args);
          return init();
        },
      },
    };
    script.dispatchEvent(new Event("load"));
  });
  observer.observe(document.head, { childList: true });
  return { inits, stop: () => observer.disconnect() };
}

describe("loadPicker", () => {
  it("gives the picker even when the discovery document fails (open and save do not need it)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const served = serveGapi(() => Promise.reject(new Error("discovery 500")));
    await expect(loadPicker("key")).resolves.toEqual({ marker: "picker" });
    expect(served.inits).toEqual([{ apiKey: "key", discoveryDocs: [DRIVE_DISCOVERY_DOC] }]);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    served.stop();
  });

  it("does not wait for a discovery document that never answers", async () => {
    const served = serveGapi(() => new Promise<void>(() => undefined));
    await expect(loadPicker("key")).resolves.toEqual({ marker: "picker" });
    served.stop();
  });
});
