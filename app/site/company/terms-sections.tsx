import { Link } from "react-router";
import { SUPPORT_EMAIL } from "~/site/config";
import type { LegalSection } from "./legal-document";

/** The terms of use's sections (spec section 2). */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of these terms",
    body: (
      <p>
        By using plainpad.app, including the Text Editor, the Advanced Notepad and the content pages
        (together, &ldquo;Plainpad&rdquo;), you agree to these terms. If you do not agree, please do
        not use Plainpad.
      </p>
    ),
  },
  {
    id: "the-service",
    title: "What Plainpad is",
    body: (
      <p>
        Plainpad is a free, browser-based plain-text editor and notepad. It needs no account. Your
        documents are edited and stored in your own browser. Optional Google Drive features let you
        open and save files in your own Google Drive. Optional live collaboration lets people who
        hold a session&apos;s link edit a document together through a relay we run; the relay keeps
        only encrypted changes it cannot read, as the Privacy Policy describes.
      </p>
    ),
  },
  {
    id: "license",
    title: "License to use Plainpad",
    body: (
      <p>
        We grant you a personal, worldwide, non-exclusive, non-transferable and revocable license to
        use Plainpad for any lawful personal, educational or commercial purpose, free of charge. The
        Plainpad name, logo, site design and written content remain ours; you may link to them but
        not copy or republish them as your own.
      </p>
    ),
  },
  {
    id: "responsibilities",
    title: "Your responsibilities",
    body: (
      <>
        <p>Because your documents live on your device, you are responsible for:</p>
        <ul>
          <li>keeping copies of important work (download it or save it to Google Drive);</li>
          <li>
            the security of the device and browser you use, including shared or public computers;
          </li>
          <li>
            the content you write, open or save with Plainpad, and your use of Google Drive under
            Google&apos;s terms;
          </li>
          <li>
            who receives the links of a live session you start: anyone with its Edit link can change
            the text, anyone with either link can read it, and nobody, us included, can recover a
            lost link.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "prohibited",
    title: "Prohibited activities",
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>use Plainpad to break any law or infringe anyone&apos;s rights;</li>
          <li>
            attempt to disrupt, overload or gain unauthorized access to the site or the services it
            relies on;
          </li>
          <li>
            scrape the site in a way that harms its availability, or tamper with the site itself to
            change what it shows other visitors;
          </li>
          <li>
            present Plainpad, or a copy of it, as your own product or imply that we endorse you.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "content-ownership",
    title: "Content ownership",
    body: (
      <p>
        You own everything you write. We claim no rights in your documents and, because they never
        reach us in a form we can read (a live session&apos;s relay holds only encrypted changes),
        we do not access, review or use them.
      </p>
    ),
  },
  {
    id: "service-changes",
    title: "Changes to the service",
    body: (
      <p>
        We may add, change or remove features, or pause or end the service, at any time. Because
        your documents are stored in your browser, we recommend downloading copies regularly so a
        change to Plainpad never affects your work.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Disclaimer and limitation of liability",
    body: (
      <>
        <p>
          Plainpad is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;, without
          warranties of any kind, express or implied, including fitness for a particular purpose and
          uninterrupted or error-free operation.
        </p>
        <p>
          To the extent the law allows, we are not liable for any indirect, incidental or
          consequential damages, or for lost data, including documents lost when browser data is
          cleared, a device fails, or storage runs out. Nothing in these terms limits liability that
          cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the laws of the place where Plainpad&apos;s operator is
        established, without regard to conflict-of-law rules. If you are a consumer, you keep any
        protection that the mandatory law of your country of residence gives you. If any part of
        these terms is found unenforceable, the rest stays in effect.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may revise these terms. The &ldquo;Last Updated&rdquo; date above shows the current
        version; continuing to use Plainpad after a change means you accept the revised terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms? E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>{" "}
        or visit the <Link to="/contact-us/">contact page</Link>. Our{" "}
        <Link to="/privacy-policy/">privacy policy</Link> explains how we handle data.
      </p>
    ),
  },
];
