import { Clock, HelpCircle, Mail, Share2 } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/contact-us";
import { CompanyHero } from "~/site/company/company-hero";
import { ContactForm } from "~/site/company/contact-form";
import { SOCIAL_LINKS, SUPPORT_EMAIL } from "~/site/config";
import { BODY_TEXT, CARD, TEXT_LINK } from "~/site/marketing/styles";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description:
      "Contact the Plainpad team: send a message, e-mail support@plainpad.app, see our support hours (9 AM to 5 PM EST) or find quick answers in the FAQ.",
    path: "/contact-us/",
  });
}

function InfoCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className={CARD}>
      <div className="flex items-center gap-3">
        <Icon aria-hidden="true" className="text-blue-700 dark:text-blue-300" />
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      </div>
      <div className={`mt-2 ${BODY_TEXT}`}>{children}</div>
    </li>
  );
}

/** Contact page: message form plus e-mail, support hours, social links and the FAQ link. */
export default function ContactPage() {
  return (
    <>
      <CompanyHero eyebrow="Contact" title="Get in touch">
        <p>
          Found a bug, have an idea, or need a hand with Google Drive? Send us a message or e-mail
          us directly.
        </p>
      </CompanyHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-[1fr_22rem]">
        <ContactForm />
        <ul className="space-y-6">
          <InfoCard icon={Mail} title="E-mail support">
            <p>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={TEXT_LINK}>
                {SUPPORT_EMAIL}
              </a>
            </p>
            <p className="mt-1 text-sm">
              Include your browser and what you were doing; it helps us answer faster.
            </p>
          </InfoCard>
          <InfoCard icon={Clock} title="Support hours">
            <p>9 AM to 5 PM EST, Monday to Friday.</p>
            <p className="mt-1 text-sm">
              E-mails are answered within one business day in those hours. Messages sent outside
              them are read the next business day.
            </p>
          </InfoCard>
          <InfoCard icon={Share2} title="Follow us">
            <ul className="space-y-1">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={TEXT_LINK}
                  >
                    {link.name}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </InfoCard>
          <InfoCard icon={HelpCircle} title="Quick answers">
            <p>
              Many questions are already answered in the{" "}
              <Link to="/faq/" className={TEXT_LINK}>
                Plainpad FAQ
              </Link>
              .
            </p>
          </InfoCard>
        </ul>
      </div>
    </>
  );
}
