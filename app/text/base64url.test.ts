import { describe, expect, it } from "vitest";
import { base64UrlDecode, base64UrlEncode } from "./base64url";

describe("base64url", () => {
  it("round-trips every length and byte value, using only URL-safe characters", () => {
    for (let length = 0; length < 70; length++) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 37 + length * 11) & 0xff);
      const text = base64UrlEncode(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(base64UrlDecode(text)).toEqual(bytes);
      expect(text).toBe(Buffer.from(bytes).toString("base64url"));
    }
  });

  it("refuses padding, the other alphabet, impossible lengths and stray bits", () => {
    expect(base64UrlDecode("QQ==")).toBeNull();
    expect(base64UrlDecode("+/+/")).toBeNull();
    expect(base64UrlDecode("QUJDR")).toBeNull();
    expect(base64UrlDecode("QR")).toBeNull(); // "QQ" is the canonical "A"
    expect(base64UrlDecode("QQ")).toEqual(new Uint8Array([65]));
  });
});
