// Renders the site's raster images from SVG designs of our own before each build: the app
// icons and the default social-sharing card. Content images (blog, tutorials) are added by
// scripts/images/*.mjs modules that export `generate(outDir)`. Output goes to
// public/images/generated/ and public/ (git-ignored), so the repository holds only sources.
import sharp from "sharp";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const publicDir = path.join(root, "public");
const generatedDir = path.join(publicDir, "images", "generated");

// The page glyph of favicon.svg, in a 32-unit box.
const PAGE_GLYPH =
  '<path d="M9 8h10l5 5v11H9z" fill="#fff"/><path d="M12 15h9M12 19h9M12 23h6" stroke="#2563eb" stroke-width="1.8"/>';

// Maskable: the platform cuts its own shape out of the square, and only the centre circle
// (80% of the width) is sure to show, so the background fills the square and the glyph sits
// well inside that circle.
const MASKABLE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#2563eb"/><g transform="translate(16 16) scale(1.05) translate(-16.5 -16)">${PAGE_GLYPH}</g></svg>`;

// App shortcut icons (the installed app's jump list): a page with a plus, and stacked tabs.
const NEW_NOTE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2563eb"/><path d="M9 7h10l5 5v13H9z" fill="#fff"/><path d="M16.5 13v9M12 17.5h9" stroke="#2563eb" stroke-width="2.2"/></svg>`;
const NOTEPAD_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2563eb"/><path d="M6 9h7l1.5 2H26v14H6z" fill="#bfdbfe"/><path d="M6 12h20v13H6z" fill="#fff"/><path d="M9 16h14M9 19.5h14M9 23h9" stroke="#2563eb" stroke-width="1.6"/></svg>`;

async function renderIcons() {
  const svg = await readFile(path.join(publicDir, "favicon.svg"));
  const render = (source, size, name) =>
    sharp(Buffer.from(source), { density: 300 })
      .resize(size, size)
      .png()
      .toFile(path.join(publicDir, name));
  await Promise.all([
    render(svg, 192, "icon-192.png"),
    render(svg, 512, "icon-512.png"),
    render(MASKABLE_ICON, 512, "icon-maskable-512.png"),
    render(NEW_NOTE_ICON, 96, "shortcut-new-note-96.png"),
    render(NOTEPAD_ICON, 96, "shortcut-notepad-96.png"),
  ]);
}

async function renderSocialCard() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#2563eb"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <rect x="640" y="120" width="460" height="390" rx="24" fill="#fff" opacity="0.96"/>
  <rect x="640" y="120" width="460" height="56" rx="24" fill="#e2e8f0"/>
  <g fill="#94a3b8"><rect x="680" y="216" width="340" height="14" rx="7"/><rect x="680" y="256" width="380" height="14" rx="7"/><rect x="680" y="296" width="300" height="14" rx="7"/><rect x="680" y="336" width="360" height="14" rx="7"/><rect x="680" y="376" width="220" height="14" rx="7"/></g>
  <rect x="904" y="372" width="4" height="24" fill="#2563eb"/>
  <text x="90" y="270" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="bold" fill="#fff">Plainpad</text>
  <text x="90" y="345" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#dbeafe">Write Better, Work Smarter</text>
  <text x="90" y="420" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#bfdbfe">Free online text editor &amp; notepad</text>
</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(path.join(publicDir, "og-image.png"));
}

async function runContentGenerators() {
  const dir = path.join(root, "scripts", "images");
  if (!existsSync(dir)) return;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith(".mjs")).sort()) {
    const module = await import(pathToFileURL(path.join(dir, file)).href);
    await module.generate(generatedDir);
  }
}

await mkdir(generatedDir, { recursive: true });
await Promise.all([renderIcons(), renderSocialCard()]);
await runContentGenerators();
console.log("images: generated");
