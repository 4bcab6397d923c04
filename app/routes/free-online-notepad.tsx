import type { Route } from "./+types/free-online-notepad";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Free Online Notepad",
    description: "A free online notepad with tabs, autosave in your browser, find and replace, and no sign-up. Start typing in seconds.",
    path: "/free-online-notepad/",
  });
}

/** A Free Online Notepad That Keeps Your Text: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"A Free Online Notepad That Keeps Your Text"} intro={"A free online notepad with tabs, autosave in your browser, find and replace, and no sign-up. Start typing in seconds."} />
  );
}
