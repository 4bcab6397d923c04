import { useEffect, useState } from "react";
import { Link } from "react-router";
import { SITE_NAME, SOCIAL_LINKS } from "./config";
import { FooterSubscribe } from "./footer-subscribe";
import { Logo } from "~/chrome/logo";

const RESOURCE_LINKS = [
  { name: "Blog", href: "/blog/" },
  { name: "Tutorials", href: "/tutorials/" },
  { name: "FAQ", href: "/faq/" },
];

const QUICK_LINKS = [
  { name: "About Us", href: "/about-us/" },
  { name: "Contact Us", href: "/contact-us/" },
  { name: "Privacy Policy", href: "/privacy-policy/" },
  { name: "Terms of Use", href: "/terms/" },
];

const headingClass = "text-sm font-semibold text-slate-900 dark:text-white";
const footerLinkClass =
  "text-sm text-slate-600 hover:text-blue-700 hover:underline dark:text-slate-300 dark:hover:text-blue-300";

/** The five-column site footer with its bottom bar. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <Logo />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            A free text editor and multi-tab notepad that runs in your browser. No account, and your
            documents stay on your device unless you send them somewhere; live sessions are
            end-to-end encrypted.
          </p>
        </div>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className={headingClass}>
            Resources
          </h2>
          <ul className="mt-3 space-y-2">
            {RESOURCE_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={footerLinkClass}>
                  {link.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            Quick Links
          </h2>
          <ul className="mt-3 space-y-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={footerLinkClass}>
                  {link.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>Connect With Us</h2>
          <ul className="mt-3 space-y-2">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={footerLinkClass}
                >
                  {link.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={headingClass}>Stay Updated</h2>
          <p className="mb-3 mt-3 text-sm text-slate-600 dark:text-slate-300">
            New guides and features, about once a month.
          </p>
          <FooterSubscribe />
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-4 text-sm text-slate-600 sm:flex-row dark:text-slate-300">
          <p>
            © <CurrentYear /> {SITE_NAME}. All rights reserved.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to="/privacy-policy/" className={footerLinkClass}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms/" className={footerLinkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link to="/contact-us/" className={footerLinkClass}>
                Contact
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

/**
 * The year the visitor's clock says. The prerendered HTML carries the build year; React keeps
 * prerendered text as it is when hydrating, so the visitor's year is set after hydration.
 */
function CurrentYear() {
  const [year, setYear] = useState(BUILD_YEAR);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return <span>{year}</span>;
}

declare const __BUILD_YEAR__: number | undefined;
const BUILD_YEAR = typeof __BUILD_YEAR__ === "number" ? __BUILD_YEAR__ : new Date().getFullYear();
