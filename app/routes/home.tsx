import type { Route } from "./+types/home";
import { HomePage } from "~/site/home/home-page";
import { organizationJsonLd, pageMeta, websiteJsonLd } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    description:
      "Plainpad is a free online text editor and multi-tab notepad. Open, write, search, download and print plain text in your browser, with no sign-up; save to Google Drive if you like.",
    path: "/",
    jsonLd: [websiteJsonLd(), organizationJsonLd()],
  });
}

/** The landing page (/): the page itself is `site/home/`. */
export default function Home() {
  return <HomePage />;
}
