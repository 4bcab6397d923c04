import type { Route } from "./+types/free-online-notepad";
import { FREE_ONLINE_NOTEPAD } from "~/site/marketing/content/free-online-notepad";
import { faqJsonLd } from "~/site/marketing/faq-list";
import { LandingPage } from "~/site/marketing/landing-page";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Free Online Notepad That Saves Automatically",
    description:
      "A free online notepad with no sign-up: notes save in your browser as you type, with unlimited tabs, find and replace, and .txt or .zip downloads.",
    path: "/free-online-notepad/",
    jsonLd: [
      faqJsonLd(FREE_ONLINE_NOTEPAD.faq),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Free Online Notepad", path: "/free-online-notepad/" },
      ]),
    ],
  });
}

/** Marketing page for the "free online notepad" search intent. */
export default function Page() {
  return <LandingPage content={FREE_ONLINE_NOTEPAD} />;
}
