// Hero images of the tutorials: one 960x540 WebP per content/tutorials/*.md, drawn from an SVG
// design of our own (title, category colour, a drawing evoking the topic).
import { renderContentCards } from "./lib/content-art.mjs";

const COLORS = {
  Basics: { from: "#1d4ed8", to: "#1e3a8a", accent: "#3b82f6" },
  Productivity: { from: "#047857", to: "#064e3b", accent: "#10b981" },
  Integrations: { from: "#0369a1", to: "#0c4a6e", accent: "#0ea5e9" },
  Customization: { from: "#a21caf", to: "#701a75", accent: "#d946ef" },
};

const MOTIF_BY_SLUG = {
  "getting-started-text-editor": "start",
  "advanced-multi-tab-notepad": "tabs",
  "google-drive-integration": "cloud",
  "customizing-writing-environment": "sliders",
  "keyboard-shortcuts-mastery": "keyboard",
  "file-management-export": "fileExport",
};

/** Renders public/images/generated/tutorials/<slug>.webp for every tutorial file. */
export async function generate(outDir) {
  await renderContentCards(outDir, "tutorials", (data, slug) => ({
    width: 960,
    height: 540,
    title: String(data.title ?? slug),
    kicker: `${data.category ?? "Tutorial"} · ${data.difficulty ?? ""} · ${data.duration ?? "?"} min`,
    footer: "Plainpad Tutorials",
    colors: COLORS[data.category] ?? COLORS.Basics,
    motif: MOTIF_BY_SLUG[slug] ?? "steps",
  }));
}
