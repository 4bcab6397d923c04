import { describe, expect, it } from "vitest";
import { PickerError } from "./errors";
import { showPicker } from "./picker";

/** A stand-in for google.picker recording what the builder was given and the picker's life. */
function fakePickerApi(answer: google.picker.ResponseObject) {
  const record = {
    appId: "",
    views: [] as Record<string, unknown>[],
    shown: 0,
    disposed: 0,
  };
  class DocsView {
    options: Record<string, unknown> = {};
    constructor() {
      record.views.push(this.options);
    }
    setMimeTypes(value: string) {
      this.options.mimeTypes = value;
      return this;
    }
    setOwnedByMe(value: boolean) {
      this.options.ownedByMe = value;
      return this;
    }
    setIncludeFolders(value: boolean) {
      this.options.includeFolders = value;
      return this;
    }
    setSelectFolderEnabled(value: boolean) {
      this.options.selectFolderEnabled = value;
      return this;
    }
  }
  class PickerBuilder {
    private callback: (result: google.picker.ResponseObject) => void = () => undefined;
    addView() {
      return this;
    }
    setOAuthToken() {
      return this;
    }
    setDeveloperKey() {
      return this;
    }
    setAppId(appId: string) {
      record.appId = appId;
      return this;
    }
    setCallback(callback: (result: google.picker.ResponseObject) => void) {
      this.callback = callback;
      return this;
    }
    build() {
      const callback = this.callback;
      return {
        setVisible() {
          record.shown++;
          queueMicrotask(() => {
            callback({ action: "loaded" } as google.picker.ResponseObject);
            callback(answer);
          });
        },
        dispose() {
          record.disposed++;
        },
      };
    }
  }
  const api = { DocsView, PickerBuilder } as unknown as typeof google.picker;
  return { api, record };
}

const OPTIONS = { oauthToken: "tok", developerKey: "key", appId: "123456789012" };

describe("showPicker", () => {
  it("is built with the app id, shows the user's own text files, and is disposed after a pick", async () => {
    const { api, record } = fakePickerApi({
      action: "picked",
      docs: [{ id: "f1", name: "notes.txt" }],
    } as google.picker.ResponseObject);
    await expect(showPicker(api, OPTIONS)).resolves.toEqual({ id: "f1", name: "notes.txt" });
    expect(record.appId).toBe("123456789012");
    expect(record.views).toEqual([
      {
        mimeTypes: "text/plain",
        ownedByMe: true,
        includeFolders: false,
        selectFolderEnabled: false,
      },
    ]);
    expect(record).toMatchObject({ shown: 1, disposed: 1 });
  });

  it("is disposed after a cancel and after an error too", async () => {
    const cancelled = fakePickerApi({ action: "cancel" } as google.picker.ResponseObject);
    await expect(showPicker(cancelled.api, OPTIONS)).resolves.toBeNull();
    expect(cancelled.record.disposed).toBe(1);
    const failed = fakePickerApi({ action: "error" } as google.picker.ResponseObject);
    await expect(showPicker(failed.api, OPTIONS)).rejects.toBeInstanceOf(PickerError);
    expect(failed.record.disposed).toBe(1);
  });

  it("falls back to the id when the picker gives no name", async () => {
    const { api } = fakePickerApi({
      action: "picked",
      docs: [{ id: "f2" }],
    } as google.picker.ResponseObject);
    await expect(showPicker(api, OPTIONS)).resolves.toEqual({ id: "f2", name: "f2" });
  });
});
