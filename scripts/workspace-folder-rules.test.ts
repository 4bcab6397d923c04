/**
 * The folder rules of eslint.config.js for app/workspace/ (issue 52): it builds on text/ and
 * storage/, never on the editors or the UI, touches no DOM global, and nothing below it
 * imports it. Each case lints a line as if it were a file in that folder.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe("folder rules: app/workspace/", { timeout: 60_000 }, () => {
  it("lets the workspace import text/ and storage/", async () => {
    expect(
      await rulesBroken(
        "app/workspace/example.ts",
        'import { crc32 } from "~/text/byte-codecs";\nexport { crc32 };',
      ),
    ).toEqual([]);
  });

  it("refuses the editors, the UI and DOM globals in the workspace", async () => {
    expect(
      await rulesBroken(
        "app/workspace/example.ts",
        'import { x } from "~/notepad/notepad";\nexport { x };',
      ),
    ).toContain("no-restricted-imports");
    expect(
      await rulesBroken("app/workspace/example.ts", 'import { x } from "~/ui/x";\nexport { x };'),
    ).toContain("no-restricted-imports");
    expect(
      await rulesBroken("app/workspace/example.ts", "export const title = document.title;"),
    ).toContain("no-restricted-globals");
  });

  it("refuses text/ importing the workspace built on it", async () => {
    expect(
      await rulesBroken(
        "app/text/example.ts",
        'import { QuickOpenIndex } from "../workspace/fuzzy-rank";\nexport { QuickOpenIndex };',
      ),
    ).toContain("import-x/no-restricted-paths");
  });
});
