import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRIVACY_LAST_UPDATED, TERMS_LAST_UPDATED } from "./legal-document";

/**
 * A legal page's "Last Updated" date moves when its text does (issue 49: the privacy policy
 * changed and still said October 29, 2025). Each page's text is pinned here with its date: a
 * change to the text fails this test until the date (and the pin) are moved with it.
 */
const PAGES = [
  {
    name: "privacy policy",
    files: ["app/site/company/privacy-sections.tsx", "app/routes/privacy-policy.tsx"],
    date: PRIVACY_LAST_UPDATED,
    pinned: {
      date: "November 27, 2026",
      sha256: "456abc63d2efd3127dd1e6cca0ab8192ddd0381f77a43d7edde398b2f557a883",
    },
  },
  {
    name: "terms",
    files: ["app/site/company/terms-sections.tsx", "app/routes/terms.tsx"],
    date: TERMS_LAST_UPDATED,
    pinned: {
      date: "October 29, 2025",
      sha256: "24e21d45babbba40ecc28bd312f58e2093be728215f7be2880f20013d17ffa7a",
    },
  },
];

function textHash(files: string[]): string {
  const hash = createHash("sha256");
  // Formatting is not a change of text: whitespace runs count as one space.
  for (const file of files) hash.update(readFileSync(file, "utf8").replace(/\s+/g, " "));
  return hash.digest("hex");
}

describe("legal pages' dates", () => {
  for (const page of PAGES) {
    it(`the ${page.name} shows the date its text last changed`, () => {
      const message =
        `The ${page.name}'s text changed: move its date in legal-document.tsx to today, ` +
        `then pin the new date and sha256 here.`;
      expect(page.date, message).toBe(page.pinned.date);
      expect(textHash(page.files), message).toBe(page.pinned.sha256);
    });
  }
});
