import type { ReactNode } from "react";
import { Link } from "react-router";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";
import { CtaBand } from "./cta-band";
import { FaqList, faqJsonLd, type FaqItem } from "./faq-list";
import { FeatureGrid, type FeatureItem } from "./feature-grid";
import { Hero, type HeroProps } from "./hero";
import { Section } from "./section";
import { StepsList, type Step } from "./steps-list";
import { BODY_TEXT, CARD, TEXT_LINK } from "./styles";

/** Everything one search-intent landing page says; the layout is shared, the words are not. */
export interface LandingContent {
  /** Title (without the site name), description, path and breadcrumb name of the page. */
  seo: { title: string; description: string; path: string; crumb: string };
  hero: HeroProps;
  features: { title: string; intro: string; items: readonly FeatureItem[] };
  /** A short essay section in the page's own voice (why this approach, who it suits). */
  story: { title: string; paragraphs: readonly ReactNode[] };
  steps: { title: string; intro: string; items: readonly Step[] };
  faq: readonly FaqItem[];
  /** The page's tutorial suggestions; /tutorials/ is always linked as well. */
  learn: {
    title: string;
    text: string;
    links: readonly { label: string; to: string; text: string }[];
  };
  cta: { title: string; text: string };
}

/**
 * The shared skeleton of /free-online-notepad/, /browser-based-text-editor/ and
 * /multi-tab-document-editor/: hero, what it does, a story section, how it works, tutorials,
 * FAQ and a closing call to action linking both editors.
 */
export function LandingPage({ content }: { content: LandingContent }) {
  return (
    <>
      <Hero {...content.hero} />
      <Section id="what-it-does" title={content.features.title} intro={content.features.intro}>
        <FeatureGrid items={content.features.items} />
      </Section>
      <Section id="why" title={content.story.title} tone="muted" width="narrow">
        <div className={`space-y-5 text-lg leading-relaxed ${BODY_TEXT}`}>
          {content.story.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section
        id="how-it-works"
        title={content.steps.title}
        intro={content.steps.intro}
        width="narrow"
      >
        <StepsList steps={content.steps.items} />
      </Section>
      <Section id="learn" title={content.learn.title} intro={content.learn.text} tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {content.learn.links.map((link) => (
            <li key={link.to} className={CARD}>
              <h3 className="text-lg font-semibold">
                <Link to={link.to} className={TEXT_LINK}>
                  {link.label}
                </Link>
              </h3>
              <p className={`mt-2 ${BODY_TEXT}`}>{link.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/tutorials/" className={TEXT_LINK}>
            Browse all Plainpad tutorials
          </Link>
        </p>
      </Section>
      <Section id="faq" title="Frequently asked questions" width="narrow">
        <FaqList items={content.faq} />
      </Section>
      <CtaBand
        title={content.cta.title}
        text={content.cta.text}
        actions={[
          { label: "Open the Advanced Notepad", to: "/online-notepad/" },
          { label: "Open the Text Editor", to: "/editor/" },
        ]}
      />
    </>
  );
}

/** Meta tags of a landing page: title, description, canonical, FAQPage and breadcrumb JSON-LD. */
export function landingMeta(content: LandingContent) {
  return pageMeta({
    title: content.seo.title,
    description: content.seo.description,
    path: content.seo.path,
    jsonLd: [
      faqJsonLd(content.faq),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: content.seo.crumb, path: content.seo.path },
      ]),
    ],
  });
}
