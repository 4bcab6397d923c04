// SVG designs of our own for the content images (blog and tutorial cards, FAQ illustration).
// Each card: a gradient in the category's colour, the title wrapped on the left, and a simple
// drawing evoking the topic on the right. Rendered to WebP with sharp by the generators.
import sharp from "sharp";
import matter from "gray-matter";
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

const FONT = "DejaVu Sans, Arial, Helvetica, sans-serif";

/** Escapes text for SVG. */
export function esc(text) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Greedy word wrap to at most `maxChars` per line. */
export function wrap(text, maxChars) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const W = "#ffffff";

// Drawings in a 400x400 box. `a` is the category accent (a light tint).
export const MOTIFS = {
  browser: (a) => `
    <rect x="20" y="40" width="360" height="280" rx="22" fill="${W}" opacity="0.95"/>
    <rect x="20" y="40" width="360" height="50" rx="22" fill="${a}"/>
    <circle cx="52" cy="65" r="8" fill="${W}"/><circle cx="78" cy="65" r="8" fill="${W}"/><circle cx="104" cy="65" r="8" fill="${W}"/>
    <g fill="#94a3b8"><rect x="50" y="120" width="230" height="14" rx="7"/><rect x="50" y="152" width="280" height="14" rx="7"/><rect x="50" y="184" width="200" height="14" rx="7"/><rect x="50" y="216" width="250" height="14" rx="7"/><rect x="50" y="248" width="150" height="14" rx="7"/></g>
    <circle cx="300" cy="300" r="52" fill="none" stroke="${W}" stroke-width="18"/>
    <rect x="330" y="330" width="24" height="70" rx="10" transform="rotate(-45 342 365)" fill="${W}"/>`,
  formatting: (a) => `
    <rect x="60" y="30" width="280" height="340" rx="18" fill="${W}" opacity="0.95"/>
    <g font-family="${FONT}" font-size="30" fill="#334155"><text x="90" y="100">**bold**</text><text x="90" y="150" font-style="italic">_italic_</text></g>
    <g fill="#94a3b8"><rect x="90" y="180" width="220" height="12" rx="6"/><rect x="90" y="206" width="180" height="12" rx="6"/><rect x="90" y="232" width="200" height="12" rx="6"/></g>
    <g font-family="${FONT}" font-size="40" font-weight="bold" text-anchor="middle">
      <rect x="80" y="280" width="64" height="64" rx="12" fill="${a}"/><text x="112" y="326" fill="${W}">B</text>
      <rect x="168" y="280" width="64" height="64" rx="12" fill="${a}"/><text x="200" y="326" fill="${W}" font-style="italic">I</text>
      <rect x="256" y="280" width="64" height="64" rx="12" fill="${a}"/><text x="288" y="326" fill="${W}" text-decoration="underline">U</text>
    </g>`,
  cloud: (a) => `
    <path d="M110 250 a70 70 0 0 1 20 -136 a90 90 0 0 1 170 20 a62 62 0 0 1 -10 116 z" fill="${W}" opacity="0.95"/>
    <path d="M200 160 l-40 45 h26 v50 h28 v-50 h26 z" fill="${a}"/>
    <rect x="130" y="290" width="140" height="90" rx="12" fill="${W}" opacity="0.85"/>
    <g fill="#94a3b8"><rect x="150" y="312" width="100" height="10" rx="5"/><rect x="150" y="334" width="80" height="10" rx="5"/><rect x="150" y="356" width="90" height="10" rx="5"/></g>`,
  keyboard: (a) => {
    let keys = "";
    const labels = [
      ["Esc", "1", "2", "3", "4"],
      ["Tab", "Q", "W", "E", "R"],
      ["Ctrl", "A", "S", "D", "F"],
      ["Shift", "Z", "X", "C", "B"],
    ];
    labels.forEach((row, r) =>
      row.forEach((label, c) => {
        const hot = (r === 2 && c === 0) || (r === 3 && c === 4);
        keys += `<rect x="${30 + c * 70}" y="${90 + r * 64}" width="62" height="56" rx="10" fill="${hot ? a : W}" opacity="${hot ? 1 : 0.92}"/>`;
        keys += `<text x="${61 + c * 70}" y="${126 + r * 64}" font-family="${FONT}" font-size="${label.length > 2 ? 17 : 24}" font-weight="bold" text-anchor="middle" fill="${hot ? W : "#334155"}">${label}</text>`;
      }),
    );
    return `<rect x="14" y="72" width="372" height="290" rx="22" fill="${W}" opacity="0.25"/>${keys}`;
  },
  future: (a) => `
    <ellipse cx="200" cy="210" rx="170" ry="60" fill="none" stroke="${W}" stroke-width="6" opacity="0.6" transform="rotate(-20 200 210)"/>
    <ellipse cx="200" cy="210" rx="120" ry="40" fill="none" stroke="${W}" stroke-width="6" opacity="0.8" transform="rotate(25 200 210)"/>
    <circle cx="200" cy="210" r="62" fill="${W}"/>
    <g fill="${a}"><rect x="170" y="185" width="60" height="9" rx="4"/><rect x="170" y="205" width="48" height="9" rx="4"/><rect x="170" y="225" width="56" height="9" rx="4"/></g>
    <path d="M330 70 l10 26 26 10 -26 10 -10 26 -10 -26 -26 -10 26 -10 z" fill="${W}"/>
    <path d="M70 300 l7 18 18 7 -18 7 -7 18 -7 -18 -18 -7 18 -7 z" fill="${W}" opacity="0.85"/>`,
  steps: (a) => `
    ${[0, 1, 2]
      .map(
        (
          i,
        ) => `<circle cx="70" cy="${90 + i * 110}" r="36" fill="${i === 0 ? W : W}" opacity="${i === 0 ? 1 : 0.85}"/>
    <text x="70" y="${103 + i * 110}" font-family="${FONT}" font-size="36" font-weight="bold" text-anchor="middle" fill="${a}">${i + 1}</text>
    <rect x="130" y="${68 + i * 110}" width="${230 - i * 40}" height="16" rx="8" fill="${W}"/>
    <rect x="130" y="${96 + i * 110}" width="${170 - i * 20}" height="12" rx="6" fill="${W}" opacity="0.7"/>`,
      )
      .join("")}
    <path d="M300 300 l0 70 18 -18 14 30 14 -7 -14 -30 26 0 z" fill="${W}" stroke="${a}" stroke-width="4"/>`,
  remote: (a) => `
    <circle cx="270" cy="130" r="90" fill="none" stroke="${W}" stroke-width="10" opacity="0.85"/>
    <ellipse cx="270" cy="130" rx="40" ry="90" fill="none" stroke="${W}" stroke-width="8" opacity="0.85"/>
    <line x1="180" y1="130" x2="360" y2="130" stroke="${W}" stroke-width="8" opacity="0.85"/>
    <rect x="40" y="200" width="240" height="150" rx="14" fill="${W}"/>
    <rect x="56" y="216" width="208" height="118" rx="6" fill="${a}"/>
    <g fill="${W}" opacity="0.9"><rect x="74" y="236" width="140" height="10" rx="5"/><rect x="74" y="258" width="170" height="10" rx="5"/><rect x="74" y="280" width="120" height="10" rx="5"/></g>
    <rect x="10" y="350" width="300" height="20" rx="10" fill="${W}"/>`,
  versus: (a) => `
    <rect x="20" y="60" width="160" height="220" rx="14" fill="${W}"/>
    <g fill="#94a3b8"><rect x="40" y="90" width="120" height="10" rx="5"/><rect x="40" y="114" width="100" height="10" rx="5"/><rect x="40" y="138" width="110" height="10" rx="5"/><rect x="40" y="162" width="90" height="10" rx="5"/></g>
    <text x="100" y="250" font-family="${FONT}" font-size="26" font-weight="bold" text-anchor="middle" fill="#334155">.txt</text>
    <rect x="220" y="120" width="160" height="220" rx="14" fill="${W}" opacity="0.9"/>
    <text x="300" y="175" font-family="Georgia, serif" font-size="34" font-weight="bold" text-anchor="middle" fill="#334155">Aa</text>
    <g fill="#cbd5e1"><rect x="240" y="200" width="120" height="10" rx="5"/><rect x="240" y="224" width="120" height="10" rx="5"/><rect x="240" y="248" width="80" height="10" rx="5"/></g>
    <circle cx="200" cy="200" r="40" fill="${a}" stroke="${W}" stroke-width="6"/>
    <text x="200" y="212" font-family="${FONT}" font-size="30" font-weight="bold" text-anchor="middle" fill="${W}">VS</text>`,
  student: (a) => `
    <path d="M200 60 l170 70 -170 70 -170 -70 z" fill="${W}"/>
    <path d="M110 170 v70 c0 30 180 30 180 0 v-70 l-90 38 z" fill="${W}" opacity="0.85"/>
    <line x1="350" y1="140" x2="350" y2="230" stroke="${W}" stroke-width="8"/><circle cx="350" cy="238" r="12" fill="${a}" stroke="${W}" stroke-width="5"/>
    <rect x="80" y="290" width="240" height="70" rx="10" fill="${W}" opacity="0.95"/>
    <line x1="200" y1="290" x2="200" y2="360" stroke="${a}" stroke-width="6"/>
    <g fill="#94a3b8"><rect x="100" y="308" width="80" height="8" rx="4"/><rect x="100" y="328" width="70" height="8" rx="4"/><rect x="220" y="308" width="80" height="8" rx="4"/><rect x="220" y="328" width="60" height="8" rx="4"/></g>`,
  folders: (a) => `
    ${[0, 1, 2].map((i) => `<path d="M${40 + i * 30} ${80 + i * 80} h90 l20 24 h${170 - i * 30} v${120 - i * 10} h-${280 - i * 30} z" fill="${W}" opacity="${0.6 + i * 0.2}"/>`).join("")}
    <rect x="100" y="268" width="100" height="12" rx="6" fill="${a}"/><rect x="100" y="292" width="160" height="12" rx="6" fill="${a}" opacity="0.6"/>`,
  tabs: (a) => `
    <rect x="20" y="110" width="360" height="240" rx="18" fill="${W}"/>
    <path d="M30 112 v-40 a12 12 0 0 1 12 -12 h90 a12 12 0 0 1 12 12 v40 z" fill="${W}"/>
    <path d="M150 110 v-36 a12 12 0 0 1 12 -12 h90 a12 12 0 0 1 12 12 v36 z" fill="${W}" opacity="0.7"/>
    <path d="M270 110 v-36 a12 12 0 0 1 12 -12 h80 a12 12 0 0 1 12 12 v36 z" fill="${W}" opacity="0.5"/>
    <rect x="48" y="80" width="60" height="10" rx="5" fill="${a}"/>
    <g fill="#94a3b8"><rect x="50" y="150" width="240" height="14" rx="7"/><rect x="50" y="182" width="290" height="14" rx="7"/><rect x="50" y="214" width="200" height="14" rx="7"/><rect x="50" y="246" width="260" height="14" rx="7"/><rect x="50" y="278" width="160" height="14" rx="7"/></g>`,
  sliders: (a) => `
    <rect x="30" y="50" width="340" height="300" rx="22" fill="${W}" opacity="0.95"/>
    ${[0, 1, 2]
      .map((i) => {
        const on = i !== 1;
        return `<rect x="60" y="${92 + i * 86}" width="170" height="16" rx="8" fill="#94a3b8"/>
      <rect x="260" y="${80 + i * 86}" width="84" height="44" rx="22" fill="${on ? a : "#cbd5e1"}"/>
      <circle cx="${on ? 322 : 282}" cy="${102 + i * 86}" r="17" fill="${W}"/>`;
      })
      .join("")}`,
  fileExport: (a) => `
    <path d="M70 40 h170 l70 70 v250 h-240 z" fill="${W}"/>
    <path d="M240 40 v70 h70" fill="${a}" opacity="0.4"/>
    <g fill="#94a3b8"><rect x="100" y="140" width="170" height="12" rx="6"/><rect x="100" y="166" width="140" height="12" rx="6"/><rect x="100" y="192" width="160" height="12" rx="6"/></g>
    <path d="M190 230 v70 M160 272 l30 30 30 -30" stroke="${a}" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="250" y="260" width="120" height="54" rx="12" fill="${a}" stroke="${W}" stroke-width="4"/>
    <text x="310" y="297" font-family="${FONT}" font-size="26" font-weight="bold" text-anchor="middle" fill="${W}">.txt</text>`,
  start: (a) => `
    <rect x="20" y="50" width="360" height="300" rx="20" fill="${W}" opacity="0.95"/>
    <rect x="20" y="50" width="360" height="46" rx="20" fill="${a}"/>
    <text x="44" y="81" font-family="${FONT}" font-size="20" font-weight="bold" fill="${W}">Untitled.txt</text>
    <g fill="#94a3b8"><rect x="50" y="130" width="200" height="14" rx="7"/><rect x="50" y="162" width="260" height="14" rx="7"/></g>
    <rect x="50" y="194" width="120" height="14" rx="7" fill="#94a3b8"/><rect x="176" y="188" width="5" height="28" fill="${a}"/>
    <circle cx="300" cy="280" r="44" fill="${a}"/><path d="M287 258 l34 22 -34 22 z" fill="${W}"/>`,
};

/**
 * A 16:9 content card. `kicker` is the small label above the title (category), `footer` the
 * line at the bottom ("Plainpad Blog").
 */
export function cardSvg({ width, height, title, kicker, footer, colors, motif }) {
  const titleSize = title.length > 48 ? 54 : 62;
  const lines = wrap(title, Math.floor(640 / (titleSize * 0.6)));
  const lineHeight = titleSize * 1.18;
  const blockTop = 675 / 2 - (lines.length * lineHeight) / 2 + titleSize * 0.5;
  const titleText = lines
    .map(
      (line, i) =>
        `<tspan x="80" y="${(blockTop + i * lineHeight).toFixed(0)}">${esc(line)}</tspan>`,
    )
    .join("");
  const draw = (MOTIFS[motif] ?? MOTIFS.browser)(colors.accent);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 675">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.from}"/><stop offset="1" stop-color="${colors.to}"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#bg)"/>
  <circle cx="1120" cy="-40" r="220" fill="#ffffff" opacity="0.06"/>
  <circle cx="760" cy="720" r="180" fill="#ffffff" opacity="0.05"/>
  <text x="80" y="110" font-family="${FONT}" font-size="26" font-weight="bold" letter-spacing="3" fill="#ffffff" opacity="0.9">${esc(kicker.toUpperCase())}</text>
  <text font-family="${FONT}" font-size="${titleSize}" font-weight="bold" fill="#ffffff">${titleText}</text>
  <text x="80" y="610" font-family="${FONT}" font-size="26" fill="#ffffff" opacity="0.85">${esc(footer)}</text>
  <g transform="translate(740 137)">${draw}</g>
</svg>`;
}

/**
 * Renders `<outDir>/<collection>/<slug>.webp` for every `content/<collection>/*.md`, from the
 * card that `cardFor(frontMatter, slug)` describes (the options of cardSvg).
 */
export async function renderContentCards(outDir, collection, cardFor) {
  const dir = path.join(ROOT, "content", collection);
  const target = path.join(outDir, collection);
  await mkdir(target, { recursive: true });
  const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".md"));
  await Promise.all(
    files.map(async (file) => {
      const slug = file.replace(/\.md$/, "");
      const { data } = matter(await readFile(path.join(dir, file), "utf8"));
      await sharp(Buffer.from(cardSvg(cardFor(data, slug))))
        .webp({ quality: 82 })
        .toFile(path.join(target, `${slug}.webp`));
    }),
  );
}
