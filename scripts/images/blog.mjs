// Featured images of the blog articles: one 1200x675 WebP per content/blog/*.md, drawn from an
// SVG design of our own (title, category colour, a drawing evoking the topic).
import sharp from "sharp";
import matter from "gray-matter";
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cardSvg } from "./lib/content-art.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Category colours: gradient and a light accent for the drawing. */
export const BLOG_COLORS = {
  Guides: { from: "#1d4ed8", to: "#1e3a8a", accent: "#3b82f6" },
  "Writing Tips": { from: "#7c3aed", to: "#4c1d95", accent: "#8b5cf6" },
  Productivity: { from: "#047857", to: "#064e3b", accent: "#10b981" },
  "Tools & Features": { from: "#c2410c", to: "#7c2d12", accent: "#f97316" },
  Comparisons: { from: "#be123c", to: "#881337", accent: "#f43f5e" },
};

const MOTIF_BY_SLUG = {
  "ultimate-guide-online-text-editing": "browser",
  "text-formatting-best-practices": "formatting",
  "google-drive-integration-guide": "cloud",
  "keyboard-shortcuts-writers": "keyboard",
  "future-online-text-editing": "future",
  "how-to-use-online-text-editor": "steps",
  "remote-work-writing-best-practices": "remote",
  "text-editor-vs-word-processor": "versus",
  "writing-tips-for-students": "student",
  "document-organization-strategies": "folders",
};

/** Renders public/images/generated/blog/<slug>.webp for every article file. */
export async function generate(outDir) {
  const dir = path.join(root, "content", "blog");
  const target = path.join(outDir, "blog");
  await mkdir(target, { recursive: true });
  const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".md"));
  await Promise.all(
    files.map(async (file) => {
      const slug = file.replace(/\.md$/, "");
      const { data } = matter(await readFile(path.join(dir, file), "utf8"));
      const svg = cardSvg({
        width: 1200,
        height: 675,
        title: String(data.title ?? slug),
        kicker: String(data.category ?? "Blog"),
        footer: "Plainpad Blog",
        colors: BLOG_COLORS[data.category] ?? BLOG_COLORS.Guides,
        motif: MOTIF_BY_SLUG[slug] ?? "browser",
      });
      await sharp(Buffer.from(svg))
        .webp({ quality: 82 })
        .toFile(path.join(target, `${slug}.webp`));
    }),
  );
}
