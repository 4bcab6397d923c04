import type { Route } from "./+types/share-link";
import { SharedLinkPage } from "~/site/share/shared-link-page";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  // A fixed title: the shared document's name never reaches the title (or the history list).
  return pageMeta({
    title: "Shared text",
    description:
      "Open a text someone shared with a Plainpad link: the text travels inside the link itself, never through a server, and can be opened in the editor, the notepad or downloaded.",
    path: "/s/",
    noindex: true,
  });
}

/** Opens share links, `/s/#<payload>` (issue 16); bare page, no site header or footer. */
export default function ShareLinkRoute() {
  return <SharedLinkPage />;
}
