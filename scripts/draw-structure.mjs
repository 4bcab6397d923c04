// Draws the folders of app/, server/ and packages/wire as boxes on their layers, with an arrow for
// every folder that imports another, measured afresh from the code (`npm run structure` writes
// docs/structure.svg). An arrow that points up the layers, or between the two editors, is drawn
// red: the lint should refuse it. A box's width follows its lines; under its name stand its
// longest modules, those near the size cap (check-module-size.mjs) in red.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MAX_LINES, sourceFiles } from "./check-module-size.mjs";

export const OUTPUT = "docs/structure.svg";

/**
 * The layers, top to bottom, as docs/architecture.md ("Folder dependencies") names them. A folder
 * may import any folder on a lower layer; the folders of one layer do not import each other,
 * except where SAME_LAYER_ALLOWED says so.
 */
export const LAYERS = [
  ["app/routes"],
  ["app/site", "app/editor", "app/notepad"],
  ["app/ui", "app/chrome"],
  ["app/document"],
  ["app/preview"],
  ["app/codemirror"],
  ["app/collab", "app/drive", "app/service-worker", "app/workspace", "server"],
  ["app/storage", "app/content"],
  ["app/text", "packages/wire"],
];

/** Imports within one layer that the rules allow: [from, to, why]. */
export const SAME_LAYER_ALLOWED = [
  ["app/site", "app/editor", "the shortcut tables read the command lists"],
  ["app/site", "app/notepad", "the shortcut tables read the command lists"],
];

const FOLDERS = ["app", "server", "packages/wire"];
/** Test support is no part of the house: its imports cross lines on purpose. */
const TEST_SUPPORT =
  /(^|\/)(test-[^/]*|[^/]*-test-support|[^/]*\.contract|[^/]*-fixture)\.(ts|tsx)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The box a file belongs to: the first folder under app/, or server, or packages/wire. */
export function folderOf(file) {
  if (file.startsWith("packages/wire/")) return "packages/wire";
  if (file.startsWith("server/")) return "server";
  const parts = file.split("/");
  return parts[0] === "app" && parts.length > 2 ? `app/${parts[1]}` : null;
}

/** The file or folder an import names, from the project's root (null for a package). */
function importTarget(file, specifier) {
  if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
  if (specifier.startsWith("@plainpad/wire")) return "packages/wire/";
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier);
  return null;
}

/** Lines and longest modules per folder, and file imports counted per pair of folders. */
export function measure(root) {
  const folders = new Map();
  const imports = new Map();
  for (const top of FOLDERS) {
    for (const file of sourceFiles(root, top)) {
      const from = folderOf(file);
      if (!from || TEST_SUPPORT.test(file)) continue;
      const text = readFileSync(path.join(root, file), "utf8");
      const lines = text.split("\n").length - 1;
      const folder = folders.get(from) ?? { lines: 0, modules: [] };
      folder.lines += lines;
      folder.modules.push({ file: path.posix.relative(from, file), lines });
      folders.set(from, folder);
      for (const [, specifier] of text.matchAll(IMPORT)) {
        const target = importTarget(file, specifier);
        const to = target && folderOf(target);
        if (!to || to === from) continue;
        const key = `${from} ${to}`;
        imports.set(key, (imports.get(key) ?? 0) + 1);
      }
    }
  }
  for (const folder of folders.values()) folder.modules.sort((a, b) => b.lines - a.lines);
  return { folders, imports };
}

const layerOf = (folder) => LAYERS.findIndex((layer) => layer.includes(folder));

/** Whether the rules allow `from` to import `to`: down the layers, or an allowed exception. */
export function allowed(from, to) {
  if (SAME_LAYER_ALLOWED.some(([a, b]) => a === from && b === to)) return true;
  return layerOf(to) > layerOf(from);
}

const WIDTH = 1400;
const ROW = 120;
const BOX = 74;
const MIN_BOX = 130;
const MODULE_SPACING = 175;
const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The drawing as SVG text. */
export function structureSvg({ folders, imports }) {
  const boxes = new Map();
  LAYERS.forEach((layer, row) => {
    const present = layer.filter((folder) => folders.has(folder));
    const total = present.reduce((sum, folder) => sum + Math.sqrt(folders.get(folder).lines), 0);
    let x = 20;
    const room = WIDTH - 40 - 16 * (present.length - 1) - MIN_BOX * present.length;
    for (const folder of present) {
      const width = MIN_BOX + (room * Math.sqrt(folders.get(folder).lines)) / total;
      boxes.set(folder, { x, y: 60 + row * ROW, width });
      x += width + 16;
    }
  });
  const out = [];
  for (const [key, count] of imports) {
    const [from, to] = key.split(" ");
    const a = boxes.get(from);
    const b = boxes.get(to);
    if (!a || !b) continue;
    const ok = allowed(from, to);
    const [x1, y1] = [a.x + a.width / 2, a.y + BOX];
    // Down: into the top of the lower box; up: into its bottom; along a layer: a dip between.
    const x2 = b.x + b.width / 2;
    const y2 = b.y > a.y ? b.y : b.y + BOX;
    const bend = b.y === a.y ? y1 + 36 : (y1 + y2) / 2;
    out.push(
      `<path d="M${x1.toFixed(0)},${y1} C${x1.toFixed(0)},${bend} ${x2.toFixed(0)},${bend} ${x2.toFixed(0)},${y2}" class="${ok ? "down" : "wrong"}" marker-end="url(#${ok ? "down" : "wrong"})" stroke-width="${Math.min(4, 0.6 + Math.log2(count) / 2).toFixed(1)}"><title>${from} → ${to}: ${count} import${count === 1 ? "" : "s"}</title></path>`,
    );
  }
  for (const [folder, { x, y, width }] of boxes) {
    const { lines, modules } = folders.get(folder);
    const longest = modules.slice(0, Math.max(1, Math.floor((width - 8) / MODULE_SPACING)));
    out.push(
      `<rect x="${x.toFixed(0)}" y="${y}" width="${width.toFixed(0)}" height="${BOX}" rx="6"/>`,
    );
    out.push(
      `<text x="${(x + 8).toFixed(0)}" y="${y + 20}" class="name">${folder}/ <tspan class="lines">${lines.toLocaleString("en")} lines</tspan></text>`,
    );
    longest.forEach((module, index) => {
      const near = module.lines > MAX_LINES * 0.9 ? " near" : "";
      out.push(
        `<text x="${(x + 8 + index * MODULE_SPACING).toFixed(0)}" y="${y + 42}" class="module${near}">${escape(module.file.length > 24 ? path.posix.basename(module.file) : module.file)} ${module.lines}</text>`,
      );
    });
  }
  const height = 60 + LAYERS.length * ROW + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" role="img" aria-label="Plainpad's folders on their layers, with their imports">
<defs>${["down", "wrong"].map((kind) => `<marker id="${kind}" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0 L8,4 L0,8 z" class="head-${kind}"/></marker>`).join("")}</defs>
<style>rect{fill:#eef3fa;stroke:#7b8ba3}.name{font-size:15px;font-weight:600;fill:#1e293b}.lines{font-weight:400;fill:#475569;font-size:13px}.module{font-size:11px;fill:#475569}.near{fill:#b91c1c;font-weight:600}path{fill:none}.down{stroke:#94a3b8;opacity:.7}.wrong{stroke:#dc2626}.head-down{fill:#94a3b8}.head-wrong{fill:#dc2626}</style>
<text x="20" y="30" font-size="18" font-weight="600" fill="#1e293b">Plainpad: folders by layer; arrows are imports (grey: down the layers; red: against them)</text>
<text x="20" y="48" font-size="12" fill="#475569">Width follows lines. Under each name its longest modules; red: within 10% of the ${MAX_LINES}-line cap. Written by npm run structure.</text>
${out.join("\n")}
</svg>
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const measured = measure(process.cwd());
  writeFileSync(OUTPUT, structureSvg(measured));
  const wrong = [...measured.imports.keys()].filter((key) => !allowed(...key.split(" ")));
  console.log(
    `${OUTPUT} written; imports against the layers: ${wrong.length ? wrong.join(", ") : "none"}`,
  );
}
