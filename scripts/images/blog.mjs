// Featured images of the blog articles: one 1200x675 WebP per content/blog/*.md, drawn from an
// SVG design of our own (title, category colour, a drawing evoking the topic).
import { renderContentCards } from "./lib/content-art.mjs";

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
  "editing-code-and-markdown-in-the-browser": "formatting",
};

/** Renders public/images/generated/blog/<slug>.webp for every article file. */
export async function generate(outDir) {
  await renderContentCards(outDir, "blog", (data, slug) => ({
    width: 1200,
    height: 675,
    title: String(data.title ?? slug),
    kicker: String(data.category ?? "Blog"),
    footer: "Plainpad Blog",
    colors: BLOG_COLORS[data.category] ?? BLOG_COLORS.Guides,
    motif: MOTIF_BY_SLUG[slug] ?? "browser",
  }));
}
