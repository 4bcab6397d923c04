// Writes public/_headers (security headers for static hosts) from scripts/headers.mjs.
// Run after changing headers.mjs: `node scripts/write-headers.mjs`; the file is committed and
// scripts/headers.test.ts fails when it is out of date.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderHeadersFile } from "./headers.mjs";

const target = fileURLToPath(new URL("../public/_headers", import.meta.url));
writeFileSync(target, renderHeadersFile());
console.log(`Wrote ${target}`);
