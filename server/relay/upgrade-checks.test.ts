import { describe, expect, it } from "vitest";
import {
  addressKey,
  allowedOrigins,
  clientAddress,
  originAllowed,
  trustedProxyHops,
} from "./upgrade-checks";

describe("clientAddress", () => {
  it("takes the entry the trusted proxies wrote, never what the client put before it", () => {
    const forged = "198.51.100.1, 198.51.100.2, 203.0.113.7";
    expect(clientAddress(forged, "10.0.0.1", 1)).toBe("203.0.113.7");
    // Two proxies: the outer one wrote the client, the inner one the outer proxy.
    expect(clientAddress(`${forged}, 10.0.0.9`, "10.0.0.1", 2)).toBe("203.0.113.7");
  });

  it("uses the socket's peer without trusted proxies or without the header", () => {
    expect(clientAddress("198.51.100.1", "10.0.0.1", 0)).toBe("10.0.0.1");
    expect(clientAddress(undefined, "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientAddress(" , ", "10.0.0.1", 1)).toBe("10.0.0.1");
  });

  it("takes the left-most entry when fewer proxies wrote than are trusted", () => {
    expect(clientAddress("203.0.113.7", "10.0.0.1", 2)).toBe("203.0.113.7");
  });
});

describe("addressKey", () => {
  it("counts IPv6 by its /64 and IPv4 by itself", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("[2001:db8:1:2::5]:443")).toBe("2001:db8:1:2::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.7:5678")).toBe("203.0.113.7");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 one", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("keeps text that is no address as it is", () => {
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("not-an-ip")).toBe("not-an-ip");
  });
});

describe("TRUST_PROXY and RELAY_ALLOWED_ORIGINS", () => {
  it("reads a hop count and refuses anything else", () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops("1")).toBe(1);
    expect(trustedProxyHops("2")).toBe(2);
    expect(() => trustedProxyHops("yes")).toThrow(/TRUST_PROXY/);
    expect(() => trustedProxyHops("-1")).toThrow(/TRUST_PROXY/);
  });

  it("reads a list of origins", () => {
    expect(allowedOrigins(" https://a.example , https://b.example:8443/ ")).toEqual([
      "https://a.example",
      "https://b.example:8443",
    ]);
    expect(allowedOrigins(undefined)).toEqual([]);
    expect(() => allowedOrigins("not a url")).toThrow(/RELAY_ALLOWED_ORIGINS/);
  });
});

describe("originAllowed", () => {
  it("takes the site's own pages (the Host), configured origins, and programs without an Origin", () => {
    expect(originAllowed("https://plainpad.app", "plainpad.app", [])).toBe(true);
    expect(originAllowed("http://127.0.0.1:3000", "127.0.0.1:3000", [])).toBe(true);
    expect(originAllowed("https://plainpad.app", "plainpad.app:443", [])).toBe(true);
    expect(originAllowed("https://a.example", "relay.example", ["https://a.example"])).toBe(true);
    expect(originAllowed(undefined, "plainpad.app", [])).toBe(true);
  });

  it("refuses other sites' pages, opaque origins and garbage", () => {
    expect(originAllowed("https://evil.example", "plainpad.app", [])).toBe(false);
    expect(originAllowed("https://plainpad.app.evil.example", "plainpad.app", [])).toBe(false);
    expect(originAllowed("null", "plainpad.app", [])).toBe(false);
    expect(originAllowed("garbage", "plainpad.app", [])).toBe(false);
    expect(originAllowed("https://evil.example", undefined, [])).toBe(false);
  });
});
