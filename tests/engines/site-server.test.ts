// The cross-engine site server runs the live relay on every origin it hands out, one hub for
// all, so pages of different engines (each on its own origin) share a live session.
import { afterAll, describe, expect, it } from "vitest";
import { MessageType } from "@plainpad/wire";
import { joinMessage, newKeys, until, updateMessage } from "../../server/relay/test-client";
import { SocketClient } from "../../server/relay/test-relay-process";
import { startSiteServer } from "./site-server";

const site = startSiteServer();
afterAll(() => site.close());

describe("site server", () => {
  it("serves one relay behind every origin, and drops its sockets when offline", async () => {
    const [first, second] = [await site.origin(), await site.origin()];
    const relayOf = (origin: string) => `${origin.replace("http:", "ws:")}/relay`;
    const keys = newKeys();
    const a = new SocketClient(relayOf(first));
    await a.opened;
    a.send(joinMessage(keys));
    await until(() => a.ofType(MessageType.Synced).length === 1);
    const b = new SocketClient(relayOf(second));
    await b.opened;
    b.send(joinMessage(keys, 0, false));
    await until(() => b.ofType(MessageType.Synced).length === 1);
    a.send(updateMessage(keys, "across origins"));
    await until(() => b.ofType(MessageType.Entry).length === 1);
    expect(b.entryTexts(keys)).toEqual(["across origins"]);

    site.offline = true;
    await until(() => a.closed !== null && b.closed !== null);
    site.offline = false;
  });
});
