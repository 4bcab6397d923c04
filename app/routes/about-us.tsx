import {
  Cloud,
  Compass,
  Gauge,
  Layers,
  Lock,
  PenLine,
  Printer,
  Target,
  Users,
  Wallet,
} from "lucide-react";
import type { Route } from "./+types/about-us";
import { CompanyHero } from "~/site/company/company-hero";
import { CtaBand } from "~/site/marketing/cta-band";
import { FeatureGrid } from "~/site/marketing/feature-grid";
import { Section } from "~/site/marketing/section";
import { BODY_TEXT, CARD } from "~/site/marketing/styles";
import { organizationJsonLd, pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "About Us",
    description:
      "Why we build Plainpad, a free text editor and notepad that runs entirely in your browser: our mission, our vision, what we made, and the small team behind it.",
    path: "/about-us/",
    jsonLd: [organizationJsonLd()],
  });
}

const FEATURES = [
  {
    icon: Wallet,
    title: "Free, without an account",
    text: "No sign-up, no trial, no paid tier. Open the page and write.",
  },
  {
    icon: Lock,
    title: "Your text stays with you",
    text: "Documents are edited and stored in your browser. Live sessions are end-to-end encrypted, so no Plainpad server can read them.",
  },
  {
    icon: Layers,
    title: "Two editors, one idea",
    text: "A focused single-document Text Editor and an Advanced Notepad with unlimited tabs.",
  },
  {
    icon: Gauge,
    title: "Fast on big files",
    text: "Built on CodeMirror 6, so files of tens of megabytes stay responsive.",
  },
  {
    icon: Cloud,
    title: "Google Drive, if you want it",
    text: "Optional sign-in to open text files from Drive and save back to them.",
  },
  {
    icon: Printer,
    title: "Plain files out",
    text: "Save back into the files you opened, keep their encoding, export .txt, .md, .html, .rtf or PDF, or download a .zip of every notepad tab.",
  },
];

const TEAM = [
  {
    icon: PenLine,
    title: "Engineers",
    text: "Build and maintain the two editors, the storage that keeps your drafts safe in the browser, and the Google Drive integration.",
  },
  {
    icon: Users,
    title: "Writers",
    text: "Write the blog, the tutorials and the FAQ, and test every instruction in them against the real product.",
  },
  {
    icon: Compass,
    title: "Support",
    text: "Read every message sent to our support address and turn recurring questions into better help pages.",
  },
];

/** About Plainpad: mission, vision, what we built and who builds it. */
export default function AboutPage() {
  return (
    <>
      <CompanyHero
        eyebrow="About Plainpad"
        title="We make writing in the browser simple and private"
      >
        <p>
          Plainpad is a free text editor and multi-tab notepad that runs entirely in your browser.
          No accounts, no installs, and no server of ours that can read your words.
        </p>
      </CompanyHero>
      <Section id="mission-vision" title="Mission and vision">
        <div className="grid gap-6 md:grid-cols-2">
          <div className={CARD}>
            <Target aria-hidden="true" className="text-blue-700 dark:text-blue-300" />
            <h3 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
              Our mission
            </h3>
            <p className={`mt-2 ${BODY_TEXT}`}>
              Give everyone a fast, dependable place to write plain text, on any computer, at no
              cost, without giving up their privacy. A note should take one click to start and
              should never be lost to a reload.
            </p>
          </div>
          <div className={CARD}>
            <Compass aria-hidden="true" className="text-blue-700 dark:text-blue-300" />
            <h3 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
              Our vision
            </h3>
            <p className={`mt-2 ${BODY_TEXT}`}>
              A web where simple tools stay simple: software that respects your attention and your
              data, stores your work on your own device, and leaves you with ordinary files you can
              open anywhere, for decades.
            </p>
          </div>
        </div>
      </Section>
      <Section
        id="what-we-built"
        title="What we built"
        intro="What Plainpad does today, in short."
        tone="muted"
      >
        <FeatureGrid items={FEATURES} />
      </Section>
      <Section
        id="team"
        title="The team"
        intro="Plainpad is made by a small independent team of engineers and writers. We keep the team small on purpose, and we answer our own support e-mail."
      >
        <FeatureGrid items={TEAM} />
      </Section>
      <CtaBand
        title="Try what we built"
        text="It takes one click and no account. Questions or ideas? We would like to hear them."
        actions={[
          { label: "Open the Text Editor", to: "/editor/" },
          { label: "Contact us", to: "/contact-us/" },
        ]}
      />
    </>
  );
}
