import { describe, expect, it } from "vitest";
import { keysFromSecret, newLiveSecret, viewOnlyKeys } from "./room-keys";
import { LiveAuthError, open, seal, signWrite, verifyWrite } from "./seal";
import { awarenessBinding, updateBinding } from "./wire";

describe("sealing and signing", () => {
  const keys = keysFromSecret(newLiveSecret());
  const messageId = new Uint8Array(16).fill(1);
  const plaintext = new TextEncoder().encode("marker words");

  it("round-trips, and a fresh nonce makes every seal different", () => {
    const binding = updateBinding(keys.roomId, messageId);
    const a = seal(keys, binding, plaintext);
    const b = seal(keys, binding, plaintext);
    expect(a).not.toEqual(b);
    expect(open(keys, binding, a)).toEqual(plaintext);
  });

  it("refuses another key, another room, another type and a flipped bit", () => {
    const binding = updateBinding(keys.roomId, messageId);
    const sealed = seal(keys, binding, plaintext);
    const other = keysFromSecret(newLiveSecret());
    expect(() => open(other, binding, sealed)).toThrow(LiveAuthError);
    expect(() => open(keys, updateBinding(other.roomId, messageId), sealed)).toThrow(LiveAuthError);
    expect(() => open(keys, awarenessBinding(keys.roomId), sealed)).toThrow(LiveAuthError);
    const flipped = sealed.slice();
    flipped[30] ^= 1;
    expect(() => open(keys, binding, flipped)).toThrow(LiveAuthError);
  });

  it("signs with the edit keys only; a signature does not move to other bytes", () => {
    const binding = updateBinding(keys.roomId, messageId);
    const sealed = seal(keys, binding, plaintext);
    const signature = signWrite(keys, binding, sealed);
    expect(verifyWrite(keys.verifyKey, binding, sealed, signature)).toBe(true);
    expect(
      verifyWrite(
        keys.verifyKey,
        updateBinding(keys.roomId, new Uint8Array(16)),
        sealed,
        signature,
      ),
    ).toBe(false);
    expect(() => signWrite(viewOnlyKeys(keys), binding, sealed)).toThrow(/view-only/);
  });
});
