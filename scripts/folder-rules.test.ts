/**
 * The folder rules of eslint.config.js that keep the page (app/) and the relay (server/) apart,
 * with the wire package (packages/wire) the one thing they share (issue 51): each case lints a
 * line of code as if it were a file in that folder and reads which rule, if any, objected.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids ESLint reports for `code` placed at `filePath` (relative to the repository). */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const FOLDER_RULE = "import-x/no-restricted-paths";

// Loading the config and the TypeScript resolver takes seconds on a busy machine.
describe("folder rules: app/, server/ and packages/wire", { timeout: 60_000 }, () => {
  it("refuses server/ importing app/, however the path is spelled, tests included", async () => {
    expect(
      await rulesBroken(
        "server/relay/example.ts",
        'import { hex } from "../../app/collab/hex";\nexport { hex };',
      ),
    ).toContain(FOLDER_RULE);
    expect(
      await rulesBroken(
        "server/relay/example.ts",
        'import { hex } from "~/collab/hex";\nexport { hex };',
      ),
    ).toContain(FOLDER_RULE);
    expect(
      await rulesBroken(
        "server/relay/example.test.ts",
        'import { canEdit } from "../../app/collab/live-keys";\nexport { canEdit };',
      ),
    ).toContain(FOLDER_RULE);
  });

  it("lets server/ import the wire format, and only its tests the page's keys and sealing", async () => {
    expect(
      await rulesBroken(
        "server/relay/example.ts",
        'import { RELAY_PATH } from "@plainpad/wire";\nexport { RELAY_PATH };',
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        "server/relay/example.ts",
        'import { seal } from "@plainpad/wire/seal";\nexport { seal };',
      ),
    ).toContain("no-restricted-imports");
    expect(
      await rulesBroken(
        "server/relay/example.test.ts",
        'import { seal } from "@plainpad/wire/seal";\nexport { seal };',
      ),
    ).toEqual([]);
  });

  it("refuses app/ importing server/, tests and test support included", async () => {
    expect(
      await rulesBroken(
        "app/collab/example.test.ts",
        'import { createRelayHub } from "../../server/relay/relay-hub";\nexport { createRelayHub };',
      ),
    ).toContain(FOLDER_RULE);
    expect(
      await rulesBroken(
        "app/collab/example.ts",
        'import { LIVE_LIMITS } from "@plainpad/wire";\nexport { LIVE_LIMITS };',
      ),
    ).toEqual([]);
  });

  it("keeps packages/wire apart from app/, server/ and the DOM", async () => {
    expect(
      await rulesBroken(
        "packages/wire/src/example.ts",
        'import { base64UrlEncode } from "../../../app/text/base64url";\nexport { base64UrlEncode };',
      ),
    ).toContain(FOLDER_RULE);
    expect(
      await rulesBroken(
        "packages/wire/src/example.ts",
        'import { verifySignature } from "../../../server/relay/verify";\nexport { verifySignature };',
      ),
    ).toContain(FOLDER_RULE);
    expect(
      await rulesBroken("packages/wire/src/example.ts", "export const name = window.name;"),
    ).toContain("no-restricted-globals");
  });
});

describe(
  "folder rules: the site's chrome below the site and the editors",
  { timeout: 60_000 },
  () => {
    it("refuses editor/ and notepad/ importing site/, however the path is spelled", async () => {
      expect(
        await rulesBroken(
          "app/editor/example.tsx",
          'import { SiteHeader } from "~/site/site-header";\nexport { SiteHeader };',
        ),
      ).toContain(FOLDER_RULE);
      expect(
        await rulesBroken(
          "app/notepad/example.tsx",
          'import { SITE_URL } from "../site/config";\nexport { SITE_URL };',
        ),
      ).toContain(FOLDER_RULE);
    });

    it("lets the site and both editors wear the chrome, which imports none of them", async () => {
      for (const folder of ["site", "editor", "notepad"]) {
        expect(
          await rulesBroken(
            `app/${folder}/example.tsx`,
            'import { Logo } from "~/chrome/logo";\nexport { Logo };',
          ),
        ).toEqual([]);
      }
      expect(
        await rulesBroken(
          "app/chrome/example.tsx",
          'import { SITE_URL } from "~/site/config";\nexport { SITE_URL };',
        ),
      ).toContain(FOLDER_RULE);
    });
  },
);
