// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { readLiveFragment } from "~/collab/live-keys";
import { hasLiveParam, loadLiveRuntime, takeLiveFragmentFromAddress } from "./live-address";

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("live links in the address bar", () => {
  it("takes the fragment out of the address bar", () => {
    window.history.replaceState(null, "", "/online-notepad/?x=1#live=e.abc");
    expect(takeLiveFragmentFromAddress()).toBe("live=e.abc");
    expect(window.location.hash).toBe("");
    expect(window.location.search).toBe("?x=1");
    expect(takeLiveFragmentFromAddress()).toBeNull();
  });

  it("sees a live link exactly when the full reader does", () => {
    for (const hash of [
      "",
      "#",
      "#x=1",
      "#live=e.abc",
      "x=1&live=v.broken",
      "#alive=1",
      "#live=",
    ]) {
      expect(hasLiveParam(hash)).toBe(readLiveFragment(hash).kind !== "none");
    }
  });

  it("loads the session code on demand, once", async () => {
    const runtime = await loadLiveRuntime();
    expect(typeof runtime.startLive).toBe("function");
    expect(typeof runtime.bindLiveEffects).toBe("function");
    expect(await loadLiveRuntime()).toBe(runtime);
  });
});
