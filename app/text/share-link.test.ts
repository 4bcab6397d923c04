import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { base64UrlDecode, base64UrlEncode } from "./base64url";
import { crc32 } from "./byte-codecs";
import {
  encodeSharePayload,
  LINK_MAX_LENGTH,
  LINK_WARN_LENGTH,
  linkLengthStatus,
  type LockedPayload,
  PBKDF2_ITERATIONS,
  readShareFragment,
  SHARE_FORMAT_VERSION,
  type SharedDocument,
  shareLinkUrl,
  QR_MAX_BYTES,
  QR_MAX_LINK_LENGTH,
  textTooLongToShare,
  unlockSharedDocument,
} from "./share-link";

/**
 * Time limit of the tests that compress megabytes or derive a 600,000-iteration key: seconds on a
 * busy shared machine, not the default 5 (a limit, not an assertion about speed).
 */
const HEAVY = 60_000;

/** A low PBKDF2 count so tests that derive hundreds of keys run fast; the product uses 600,000. */
const FAST = { iterations: 1_000 };

async function roundTrip(document: SharedDocument, password?: string): Promise<SharedDocument> {
  const payload = await encodeSharePayload(document, password, FAST);
  const read = readShareFragment(payload);
  if (!password) {
    expect(read.kind).toBe("document");
    return (read as { document: SharedDocument }).document;
  }
  expect(read.kind).toBe("locked");
  const unlocked = await unlockSharedDocument(
    (read as { payload: LockedPayload }).payload,
    password,
    FAST,
  );
  expect(unlocked.kind).toBe("document");
  return (unlocked as { document: SharedDocument }).document;
}

/** The site's own articles and tutorials, repeated to `size` characters: real English prose. */
function prose(size: number): string {
  const files = ["content/blog", "content/tutorials"].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => readFileSync(path.join(dir, name), "utf8")),
  );
  const corpus = files.join("\n\n");
  // Longer than deflate's 32 KB window, so repeating it does not flatter the ratio.
  expect(corpus.length).toBeGreaterThan(100_000);
  return corpus.repeat(Math.ceil(size / corpus.length)).slice(0, size);
}

const SAMPLES: Record<string, SharedDocument> = {
  "empty text and name": { name: "", text: "" },
  "empty text": { name: "Untitled.txt", text: "" },
  ASCII: { name: "notes.txt", text: 'Hello, world!\nLine two\tTabbed ~`!@#$%^&*()_+{}|:"<>?' },
  "emoji (plane 1, ZWJ sequences, flags, skin tones)": {
    name: "🎉 party.txt",
    text: "🎉😀👩‍👩‍👧‍👦🏳️‍🌈🇯🇵👍🏽 🦄",
  },
  "CJK (BMP and plane 2)": { name: "日本語のメモ", text: "漢字かなカナ 한국어 中文 𠀀𠀁𪜀 𰀀" },
  "combining marks": {
    name: "e\u0301te\u0301",
    text: "e\u0301 a\u0308 n\u0303 Z\u0351\u0362\u0334a\u0315\u0360l\u0358g\u0361o\u0327 \u0915\u094d\u0937",
  },
  "planes 14 to 16 (variation selectors, private use)": {
    name: "planes",
    text: "\u{E0100}\u{E01EF}\u{F0000}\u{FFFFD}\u{100000}\u{10FFFD}",
  },
  "right-to-left and controls": {
    name: "rtl",
    text: "שלום عربى \u200f\u202e reversed\u202c \u0000 NUL \u0007 bell \uFEFF BOM inside",
  },
  "a leading byte-order mark": { name: "bom", text: "\uFEFFstarts with a BOM" },
  "CRLF, CR and LF line endings": {
    name: "windows.txt",
    text: "one\r\ntwo\r\n\r\nthree\rfour\nfive\r\n",
  },
  "leading and trailing whitespace": { name: "  spaced  ", text: "\n\n  indented\t\n\n" },
};

describe("share links: round trips", () => {
  for (const [label, document] of Object.entries(SAMPLES)) {
    it(`keeps ${label} exactly, without a password`, async () => {
      expect(await roundTrip(document)).toEqual(document);
    });
    it(`keeps ${label} exactly, with a password`, async () => {
      expect(await roundTrip(document, "correct horse battery staple")).toEqual(document);
    });
  }

  it(
    "keeps every Unicode plane's characters (one of every 97 code points)",
    { timeout: HEAVY },
    async () => {
      const chars: string[] = [];
      for (let code = 0; code <= 0x10ffff; code += 97) {
        if (code >= 0xd800 && code <= 0xdfff) continue; // lone surrogates are not text
        chars.push(String.fromCodePoint(code));
      }
      const document = { name: "all planes", text: chars.join("") };
      expect(await roundTrip(document)).toEqual(document);
      expect(await roundTrip(document, "pw")).toEqual(document);
    },
  );

  it("keeps a password with any characters, normalised (NFC) so every system types it alike", async () => {
    const document = { name: "n", text: "secret" };
    const payload = await encodeSharePayload(document, "pässwörd 🔑", FAST);
    const read = readShareFragment(payload);
    if (read.kind !== "locked") throw new Error(read.kind);
    // "ä" typed as a + combining diaeresis (as macOS may give it) opens the same link.
    expect(await unlockSharedDocument(read.payload, "pa\u0308sswo\u0308rd 🔑", FAST)).toMatchObject(
      { kind: "document", document },
    );
  });

  it("compresses 1 MB of prose, with and without a password", { timeout: HEAVY }, async () => {
    const text = prose(1024 * 1024);
    const document = { name: "book.txt", text };
    const bytes = new TextEncoder().encode(text).length;
    const payload = await encodeSharePayload(document);
    expect(await roundTrip(document)).toEqual(document);
    expect(await roundTrip(document, "a long passphrase")).toEqual(document);
    const linkBytes = (payload.length * 3) / 4;
    const ratio = bytes / linkBytes;
    // Prose compresses about 3:1; the link's base64 costs a third back.
    expect(ratio).toBeGreaterThan(2);
    console.info(
      `1 MB of prose: ${bytes.toLocaleString("en-US")} bytes -> ${linkBytes.toLocaleString("en-US")} bytes compressed (${ratio.toFixed(2)}:1), ${payload.length.toLocaleString("en-US")} characters of link (${(bytes / payload.length).toFixed(2)} bytes of text per link character)`,
    );
  });

  it("reads a link with the fragment's # and with line breaks a mail app put in", async () => {
    const document = { name: "n", text: "wrapped" };
    const payload = await encodeSharePayload(document);
    const wrapped = `#${payload.slice(0, 5)}\n ${payload.slice(5)}\r\n`;
    expect(readShareFragment(wrapped)).toEqual({ kind: "document", document });
  });
});

describe("share links: passwords", () => {
  it(
    "uses PBKDF2 with at least 600,000 iterations by default, and it opens",
    { timeout: HEAVY },
    async () => {
      expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
      const document = { name: "locked.txt", text: "behind the real count" };
      const read = readShareFragment(await encodeSharePayload(document, "pw"));
      if (read.kind !== "locked") throw new Error(read.kind);
      expect(await unlockSharedDocument(read.payload, "pw")).toEqual({
        kind: "document",
        document,
      });
      // A key derived with another count is another key.
      expect(await unlockSharedDocument(read.payload, "pw", FAST)).toEqual({
        kind: "wrong-password",
      });
    },
  );

  it("a wrong password opens nothing", async () => {
    const payload = await encodeSharePayload({ name: "n", text: "secret" }, "right", FAST);
    const read = readShareFragment(payload);
    if (read.kind !== "locked") throw new Error(read.kind);
    for (const wrong of ["wrong", "Right", "right ", "", "righ"]) {
      expect(await unlockSharedDocument(read.payload, wrong, FAST)).toEqual({
        kind: "wrong-password",
      });
    }
  });

  it("puts nothing of the password, the name or the text in a locked link; salt and IV are new each time", async () => {
    const document = { name: "Plans for Tuesday", text: "Plans for Tuesday: meet at noon" };
    const first = await encodeSharePayload(document, "Tuesday", FAST);
    const second = await encodeSharePayload(document, "Tuesday", FAST);
    expect(first).not.toBe(second);
    const bytes = base64UrlDecode(first)!;
    const latin1 = String.fromCharCode(...bytes);
    for (const secret of ["Tuesday", "Plans", "noon"]) {
      expect(latin1).not.toContain(secret);
      expect(first).not.toContain(secret);
    }
    const other = base64UrlDecode(second)!;
    // Salt (bytes 2-17) and IV (18-29) differ between the two links.
    expect(bytes.slice(2, 18)).not.toEqual(other.slice(2, 18));
    expect(bytes.slice(18, 30)).not.toEqual(other.slice(18, 30));
  });
});

describe("share links: damage", () => {
  const document = { name: "Damage test.txt", text: "Ünïcödé 🎉 and some text.\r\nSecond line." };

  /** Flips, cuts and changes every byte and character; each must read as damaged. */
  async function expectEveryChangeDamaged(payload: string) {
    const bytes = base64UrlDecode(payload)!;
    for (let i = 0; i < bytes.length; i++) {
      for (const mask of [0xff, 0x01, 0x80]) {
        const changed = bytes.slice();
        changed[i] ^= mask;
        const result = readShareFragment(base64UrlEncode(changed));
        expect(result.kind, `byte ${i} ^ ${mask}`).toBe("damaged");
      }
    }
    for (let length = 1; length < bytes.length; length++) {
      expect(readShareFragment(base64UrlEncode(bytes.subarray(0, length))).kind).toBe("damaged");
    }
    for (let length = 1; length < payload.length; length++) {
      expect(readShareFragment(payload.slice(0, length)).kind, `cut to ${length}`).toBe("damaged");
    }
    for (let i = 0; i < payload.length; i++) {
      const replacement = payload[i] === "A" ? "B" : "A";
      const changed = payload.slice(0, i) + replacement + payload.slice(i + 1);
      expect(readShareFragment(changed).kind, `character ${i}`).toBe("damaged");
    }
  }

  it(
    "every flipped byte, cut and changed character of an open link reads as damaged",
    { timeout: HEAVY },
    async () => {
      await expectEveryChangeDamaged(await encodeSharePayload(document));
    },
  );

  it(
    "every flipped byte, cut and changed character of a locked link reads as damaged, before any password is asked",
    { timeout: HEAVY },
    async () => {
      await expectEveryChangeDamaged(await encodeSharePayload(document, "pw", FAST));
    },
  );

  it(
    "a locked link changed on purpose, checksum and all, fails AES-GCM authentication",
    { timeout: HEAVY },
    async () => {
      const bytes = base64UrlDecode(await encodeSharePayload(document, "pw", FAST))!;
      const crcAt = bytes.length - 4;
      // Salt, IV, ciphertext and tag: every byte after the two header bytes.
      for (let i = 2; i < crcAt; i++) {
        const changed = bytes.slice();
        changed[i] ^= 0x01;
        const crc = crc32(changed.subarray(0, crcAt));
        changed.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], crcAt);
        const read = readShareFragment(base64UrlEncode(changed));
        if (read.kind !== "locked") throw new Error(`byte ${i}: ${read.kind}`);
        expect(await unlockSharedDocument(read.payload, "pw", FAST), `byte ${i}`).toEqual({
          kind: "wrong-password",
        });
      }
    },
  );

  it("never throws, whatever the fragment", () => {
    const junk = [
      "",
      "#",
      "A",
      "AA",
      "AAA",
      "AAAA",
      "!!!!",
      "abc=",
      "ab+/",
      "é",
      "%41%42",
      "a".repeat(10_001),
      "_".repeat(64),
    ];
    for (const fragment of junk) {
      expect(() => readShareFragment(fragment)).not.toThrow();
      expect(["damaged", "empty"]).toContain(readShareFragment(fragment).kind);
    }
  });

  it("refuses a link that would unpack to more than 50 MB", { timeout: HEAVY }, async () => {
    const huge = { name: "", text: "a".repeat(50 * 1024 * 1024 + 1) };
    const payload = await encodeSharePayload(huge);
    expect(payload.length).toBeLessThan(LINK_MAX_LENGTH * 4);
    expect(readShareFragment(payload).kind).toBe("damaged");
  });
});

describe("share links: versions", () => {
  it("writes format 1: version byte, flags, then the checksum last", async () => {
    const open = base64UrlDecode(await encodeSharePayload({ name: "a", text: "b" }))!;
    expect(open[0]).toBe(SHARE_FORMAT_VERSION);
    expect(open[1]).toBe(0);
    const locked = base64UrlDecode(await encodeSharePayload({ name: "a", text: "b" }, "p", FAST))!;
    expect(locked[1]).toBe(1);
    // header 2 + salt 16 + IV 12 + AES-GCM (deflated body + tag 16) + CRC 4
    const deflatedLength = open.length - 2 - 4;
    expect(locked.length).toBe(2 + 16 + 12 + deflatedLength + 16 + 4);
    for (const bytes of [open, locked]) {
      const crc = crc32(bytes.subarray(0, bytes.length - 4));
      expect([...bytes.subarray(bytes.length - 4)]).toEqual([
        crc >>> 24,
        (crc >>> 16) & 0xff,
        (crc >>> 8) & 0xff,
        crc & 0xff,
      ]);
    }
  });

  it("a whole link of an unknown version or with unknown flags asks for an update, not 'damaged'", async () => {
    const bytes = base64UrlDecode(await encodeSharePayload({ name: "a", text: "b" }))!;
    for (const [index, value, version] of [
      [0, 2, 2],
      [0, 255, 255],
      [1, 0b10, 1],
    ] as const) {
      const changed = bytes.slice();
      changed[index] = value;
      const end = changed.length - 4;
      const crc = crc32(changed.subarray(0, end));
      changed.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], end);
      expect(readShareFragment(base64UrlEncode(changed))).toEqual({
        kind: "newer-version",
        version,
      });
    }
  });

  // Links made today must open in every later version: these were made by format 1's first code.
  it("still reads format 1 links made by the first release", { timeout: HEAVY }, async () => {
    expect(readShareFragment(GOLDEN_OPEN)).toEqual({
      kind: "document",
      document: { name: "Golden.txt", text: "Format 1 🎉\r\nkeeps working." },
    });
    const read = readShareFragment(GOLDEN_LOCKED);
    if (read.kind !== "locked") throw new Error(read.kind);
    expect(await unlockSharedDocument(read.payload, "golden")).toEqual({
      kind: "document",
      document: { name: "Locked golden.txt", text: "Opened with 600,000 iterations." },
    });
  });
});

describe("share links: URLs and limits", () => {
  it("makes https://<site>/s/#<payload>", () => {
    expect(shareLinkUrl("https://plainpad.app", "abc")).toBe("https://plainpad.app/s/#abc");
    expect(shareLinkUrl("http://127.0.0.1:4173/", "abc")).toBe("http://127.0.0.1:4173/s/#abc");
  });

  it("warns above 2,000 characters and refuses above the hard cap", () => {
    expect(LINK_WARN_LENGTH).toBe(2_000);
    expect(linkLengthStatus(LINK_WARN_LENGTH)).toBe("ok");
    expect(linkLengthStatus(LINK_WARN_LENGTH + 1)).toBe("long");
    expect(linkLengthStatus(LINK_MAX_LENGTH)).toBe("long");
    expect(linkLengthStatus(LINK_MAX_LENGTH + 1)).toBe("too-long");
  });
});

const GOLDEN_OPEN = "AQDjcs_PSUnN0yupKHHLL8pNLFEwVPgwv6-Tlys7NbWgWKE8vyg7My9dDwC97FGd";
const GOLDEN_LOCKED =
  "AQG3sQClhChaQ7sI0bPB96Lz3KKvEfDzLhW_x5xSSerarc7SLcgiSKhk-6SdFbpcxPsXcddL8O4P1EsUCdAJZDMGbgn0A0Iqj6DkTsXeNN-qCK1t-hjYJtkKk9i8C_kbEcA-QQ";

describe("share links: what cannot fit", () => {
  it("refuses without compressing only texts no link could hold", { timeout: HEAVY }, async () => {
    expect(textTooLongToShare(1_000_000)).toBe(false);
    expect(textTooLongToShare(30_000_000)).toBe(true);
    // Right at the bound, even the most compressible text makes a link over the cap.
    const limit = Math.floor((LINK_MAX_LENGTH * 3) / 4) * 1032;
    const payload = await encodeSharePayload({ name: "", text: "a".repeat(limit + 1) });
    expect(shareLinkUrl("https://plainpad.app", payload).length).toBeGreaterThan(LINK_MAX_LENGTH);
    expect(QR_MAX_LINK_LENGTH).toBeLessThanOrEqual(QR_MAX_BYTES);
  });
});
