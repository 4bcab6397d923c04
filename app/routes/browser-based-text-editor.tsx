import type { Route } from "./+types/browser-based-text-editor";
import { BROWSER_BASED_TEXT_EDITOR } from "~/site/marketing/content/browser-based-text-editor";
import { faqJsonLd } from "~/site/marketing/faq-list";
import { LandingPage } from "~/site/marketing/landing-page";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Browser-Based Text Editor, No Install Needed",
    description:
      "Edit .txt, .md, .csv, .json and other text files right in your browser on any computer. Line numbers, regex search, big-file speed, print to PDF.",
    path: "/browser-based-text-editor/",
    jsonLd: [
      faqJsonLd(BROWSER_BASED_TEXT_EDITOR.faq),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Browser-Based Text Editor", path: "/browser-based-text-editor/" },
      ]),
    ],
  });
}

/** Marketing page for the "browser-based text editor" search intent. */
export default function Page() {
  return <LandingPage content={BROWSER_BASED_TEXT_EDITOR} />;
}
