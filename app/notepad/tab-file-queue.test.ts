import { describe, expect, it } from "vitest";
import { TabFileQueue } from "./tab-file-queue";

describe("TabFileQueue", () => {
  it("runs work for the same tab one after another, and a failure does not stop the next", async () => {
    const queue = new TabFileQueue();
    const order: string[] = [];
    let release = () => {};
    const first = queue.run(["tab-a"], async () => {
      order.push("first starts");
      await new Promise<void>((resolve) => (release = resolve));
      order.push("first ends");
      throw new Error("disk full");
    });
    const second = queue.run(["tab-b", "tab-a"], async () => {
      order.push("second");
      return "written";
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(["first starts"]);
    release();
    await expect(first).rejects.toThrow("disk full");
    await expect(second).resolves.toBe("written");
    expect(order).toEqual(["first starts", "first ends", "second"]);
  });

  it("work for other tabs does not wait", async () => {
    const queue = new TabFileQueue();
    const held = queue.run(["tab-a"], () => new Promise<void>(() => {}));
    await expect(queue.run(["tab-b"], async () => "saved")).resolves.toBe("saved");
    void held;
  });
});
