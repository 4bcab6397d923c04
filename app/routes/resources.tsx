import { Link } from "react-router";
import type { Route } from "./+types/resources";
import { CompanyHero } from "~/site/company/company-hero";
import { GUIDE_LINKS, TUTORIAL_LINKS } from "~/site/company/resources/guides";
import { LinkCardList } from "~/site/company/resources/link-card-list";
import { ShortcutTable } from "~/site/company/resources/shortcut-table";
import { EDITOR_SHORTCUTS, NOTEPAD_SHORTCUTS } from "~/site/company/resources/shortcuts";
import { TemplateCard } from "~/site/company/resources/template-card";
import { TEMPLATES } from "~/site/company/resources/templates";
import { Section } from "~/site/marketing/section";
import { TEXT_LINK } from "~/site/marketing/styles";
import { BLOG_SLUGS, TUTORIAL_SLUGS } from "~/site/pages";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Resources",
    description:
      "Plainpad resources in one place: writing guides, step-by-step tutorials, a keyboard shortcut cheat sheet and free plain-text templates you can open in the editor.",
    path: "/resources/",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Resources", path: "/resources/" },
      ]),
    ],
  });
}

const JUMP_LINKS = [
  { href: "#guides", label: "Guides" },
  { href: "#tutorials", label: "Tutorials" },
  { href: "#shortcuts", label: "Shortcut cheat sheet" },
  { href: "#templates", label: "Templates" },
];

/** The resources hub: guides, tutorials, shortcut cheat sheet and plain-text templates. */
export default function ResourcesPage() {
  return (
    <>
      <CompanyHero
        eyebrow="Resources"
        title="Guides, shortcuts and templates for plain-text writing"
      >
        <p>
          Everything we have written to help you get more out of Plainpad, plus templates you can
          open in the editor with one click.
        </p>
        <nav aria-label="On this page" className="mt-6">
          <ul className="flex flex-wrap justify-center gap-2">
            {JUMP_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="inline-block rounded-full border border-blue-200 bg-white px-4 py-1.5 text-sm font-semibold text-blue-900 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-blue-200 dark:hover:bg-slate-800"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </CompanyHero>
      <Section id="guides" title="Guides" intro="In-depth articles from the Plainpad blog.">
        <LinkCardList
          items={BLOG_SLUGS.map((slug) => ({ ...GUIDE_LINKS[slug], to: `/blog/${slug}/` }))}
        />
      </Section>
      <Section
        id="tutorials"
        title="Tutorials"
        intro="Step-by-step walkthroughs of the editor, the notepad and Google Drive."
        tone="muted"
      >
        <LinkCardList
          items={TUTORIAL_SLUGS.map((slug) => ({
            ...TUTORIAL_LINKS[slug],
            to: `/tutorials/${slug}/`,
          }))}
        />
      </Section>
      <Section
        id="shortcuts"
        title="Keyboard shortcut cheat sheet"
        intro="Ctrl on Windows and Linux, Cmd on a Mac. Chrome and Edge keep Ctrl/Cmd+N, Ctrl/Cmd+T and Ctrl/Cmd+W for themselves, so use File › New tab in the notepad there; closing a tab has no shortcut (use File › Close tab or the × on the tab)."
      >
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ShortcutTable caption="Text Editor (/editor/)" rows={EDITOR_SHORTCUTS} />
          <ShortcutTable caption="Advanced Notepad (/online-notepad/)" rows={NOTEPAD_SHORTCUTS} />
        </div>
        <p className="mt-8 text-center">
          <Link to="/tutorials/keyboard-shortcuts-mastery/" className={TEXT_LINK}>
            Learn them all with the keyboard shortcuts tutorial
          </Link>
        </p>
      </Section>
      <Section
        id="templates"
        title="Plain-text templates"
        intro="Open a template in the Text Editor to fill it in, or copy it to use anywhere."
        tone="muted"
      >
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TEMPLATES.map((template) => (
            <TemplateCard key={template.id} template={template} />
          ))}
        </ul>
      </Section>
    </>
  );
}
