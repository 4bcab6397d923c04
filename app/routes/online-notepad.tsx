import type { Route } from "./+types/online-notepad";
import { NotepadApp } from "~/notepad/notepad-app";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Advanced Online Notepad with Tabs",
    description:
      "A multi-tab online notepad that saves every tab in your browser as you type: find and replace, emoji and special characters, downloads and print.",
    path: "/online-notepad/",
  });
}

/** The advanced multi-tab notepad (no shared site header/footer; it has its own slim header). */
export default function NotepadPage() {
  return <NotepadApp />;
}
