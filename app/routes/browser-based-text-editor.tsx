import type { Route } from "./+types/browser-based-text-editor";
import { BROWSER_BASED_TEXT_EDITOR } from "~/site/marketing/content/browser-based-text-editor";
import { LandingPage, landingMeta } from "~/site/marketing/landing-page";

export function meta(_: Route.MetaArgs) {
  return landingMeta(BROWSER_BASED_TEXT_EDITOR);
}

/** Marketing page for the "browser-based text editor" search intent. */
export default function Page() {
  return <LandingPage content={BROWSER_BASED_TEXT_EDITOR} />;
}
