// The page's Content-Security-Policy lets it open the live relay's WebSocket on its own origin
// in Firefox and WebKit (connect-src 'self'; decision 024): a byte the relay cannot read comes
// back as the relay's own close code, not a blocked connection.
import { describe, expect, it } from "vitest";
import { CloseCode } from "@plainpad/wire";
import { runnableEngines } from "./engine";
import { open, useEngine } from "./plainpad";

describe.each(runnableEngines())("%s: the live relay under the page's policy", (engine) => {
  const t = useEngine(engine);

  it("opens a WebSocket to /relay on the page's origin", async () => {
    await open(t.page, `${t.origin}/editor/`);
    const code = await t.page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let socket: WebSocket;
          try {
            socket = new WebSocket(`ws://${location.host}/relay`);
          } catch {
            resolve(-1);
            return;
          }
          socket.binaryType = "arraybuffer";
          socket.onopen = () => socket.send(new Uint8Array([99]));
          socket.onclose = (event) => resolve(event.code);
        }),
    );
    expect(code).toBe(CloseCode.Malformed);
  });
});
