import { describe, expect, it } from "vitest";
import { DrivePromptStore, type DrivePrompt } from "./prompt";

function prompt(run?: () => void): DrivePrompt {
  return {
    title: "Reconnect to Google Drive",
    message: "m",
    actions: [{ id: "reconnect", label: "Reconnect to Google Drive", run }],
    dismissLabel: "Not now",
  };
}

describe("DrivePromptStore", () => {
  it("shows one prompt, runs the pressed action inside the press, then resolves with its id", async () => {
    const store = new DrivePromptStore();
    const order: string[] = [];
    const answer = store.ask(prompt(() => order.push("run")));
    expect(store.getSnapshot().prompt?.title).toBe("Reconnect to Google Drive");
    store.choose("reconnect");
    order.push("after choose"); // run happened synchronously, within the press
    await expect(answer).resolves.toBe("reconnect");
    expect(order).toEqual(["run", "after choose"]);
    expect(store.getSnapshot().prompt).toBeNull();
  });

  it("resolves null when dismissed or replaced by a newer prompt", async () => {
    const store = new DrivePromptStore();
    const first = store.ask(prompt());
    const second = store.ask(prompt());
    await expect(first).resolves.toBeNull();
    store.choose(null);
    await expect(second).resolves.toBeNull();
    const third = store.ask(prompt());
    store.dismiss();
    await expect(third).resolves.toBeNull();
  });

  it("tells subscribers of each change", () => {
    const store = new DrivePromptStore();
    let changes = 0;
    const unsubscribe = store.subscribe(() => changes++);
    void store.ask(prompt());
    store.choose("reconnect");
    unsubscribe();
    void store.ask(prompt());
    expect(changes).toBe(2);
  });
});
