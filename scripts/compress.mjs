// Writes Brotli and gzip copies of the built text files next to them, so `npm start` (and any
// static host that supports precompressed files) sends them compressed without compressing on
// each request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
// Fonts are TrueType (the PDF export's); woff2 is compressed already.
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|data|ttf)$/;
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

let count = 0;
for await (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const body = await readFile(file);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`compress: ${count} files precompressed (br, gz)`);
