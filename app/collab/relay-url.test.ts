import { describe, expect, it } from "vitest";
import { relayUrlFor } from "./relay-url";

describe("relayUrlFor", () => {
  it("uses the relay beside the site on the same origin", () => {
    expect(relayUrlFor({ protocol: "https:", host: "plainpad.app" }, undefined)).toBe(
      "wss://plainpad.app/relay",
    );
    expect(relayUrlFor({ protocol: "http:", host: "localhost:3000" }, "")).toBe(
      "ws://localhost:3000/relay",
    );
  });

  it("prefers the build-time relay address", () => {
    expect(
      relayUrlFor({ protocol: "https:", host: "cdn.example" }, "wss://relay.example/relay"),
    ).toBe("wss://relay.example/relay");
  });
});
