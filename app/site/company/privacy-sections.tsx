import { Link } from "react-router";
import { SUPPORT_EMAIL } from "~/site/config";
import type { LegalSection } from "./legal-document";

// The relay's default (LIVE_LIMITS.idleRoomDays in packages/wire); a copy here keeps the wire
// module out of this page's bundle, and copy-claims.test.ts fails if the two ever differ.
const LIVE_IDLE_DAYS = 30;

/**
 * The privacy policy's sections (spec section 2 and product-facts.md: documents never leave the
 * browser in a form anyone but the user can read; issue 44: what the live relay receives and keeps).
 */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We collect as little as we can. Today that means:</p>
        <ul>
          <li>
            <strong>No usage or advertising data.</strong> Plainpad loads no analytics and no
            advertising scripts, so no service records which pages you read or builds a profile of
            you (see Analytics and Advertising and cookies below).
          </li>
          <li>
            <strong>Encrypted live-collaboration data.</strong> If you use Live collaboration, our
            relay receives and keeps your session&apos;s changes encrypted, with a room id, their
            sizes and times, and sees the IP addresses that connect; it cannot read the text (see{" "}
            <a href="#live-collaboration">Live collaboration relay</a> below).
          </li>
          <li>
            <strong>E-mails you send us.</strong> If you write to {SUPPORT_EMAIL}, we receive your
            address and whatever your message contains, and use it only to reply.
          </li>
        </ul>
        <p>
          The newsletter and contact forms on this site do not send anything to a Plainpad server
          today: the contact form and the newsletter sign-up show a confirmation in your browser,
          and the address you type is not stored or sent anywhere.
        </p>
      </>
    ),
  },
  {
    id: "your-documents",
    title: "Your documents are not collected",
    body: (
      <>
        <p>
          No Plainpad server keeps your documents in a form we can read. Everything you type in the
          Text Editor or the Advanced Notepad is edited and stored in your own browser on your own
          device:
        </p>
        <ul>
          <li>
            Drafts and notepad tabs are kept in your browser&apos;s IndexedDB storage, with earlier
            versions of each document (the version history) and recently closed notepad tabs, each
            kept for a limited time.
          </li>
          <li>
            Small settings, such as the site theme, font size and your writing preferences, are kept
            in your browser&apos;s localStorage, with the dates of your last edit and last backup
            (for the backup reminder) and the browser&apos;s answer when Plainpad asked it to keep
            its storage. When you close or reload a page, the text of documents not yet stored is
            also copied there for a moment and taken back when the page opens again.
          </li>
          <li>
            <strong>Share links.</strong> When you use Share, the document&apos;s name and text are
            compressed (and, if you set a password, encrypted) and put inside the link itself, after
            the # sign. That is the only place the text of a shared link lives: Plainpad does not
            upload it, and browsers never send the part of an address after the # to any server,
            ours included. Anyone who has the link can read the text (with the password, if it has
            one), and wherever you paste or send the link, such as a chat or an e-mail, keeps a copy
            of it under that service&apos;s own rules. When a link is opened, the page removes the
            text from the address bar and does not store it; it is kept only if you open it in the
            editor or the notepad, or download it. The browser&apos;s own history may still list the
            address as it was opened, as it does for any page you visit.
          </li>
          <li>
            <strong>Live sessions.</strong> While a document is in a live session, your browser
            keeps the session&apos;s link with the document (in localStorage), so a reload rejoins
            it. The link holds the session&apos;s secret key, so anyone who can read your
            browser&apos;s storage could join the session. It is forgotten when you stop the session
            or close the tab, and otherwise {LIVE_IDLE_DAYS} days after the session was last used in
            this browser. The session&apos;s changes, including the ones not yet sent, are kept in
            IndexedDB (unencrypted, like your other documents) so that edits made offline are merged
            later; they are deleted {LIVE_IDLE_DAYS} days after they were last saved, or at once
            when you choose &ldquo;Forget this session&rdquo;.
          </li>
          <li>
            Files you open from your computer are read inside the page and are never uploaded. In
            browsers that allow it (Chrome, Edge and Opera), a link to each opened file is kept with
            the document in IndexedDB, so that Save can write your changes back into that file on
            your device; the browser asks your permission before Plainpad may edit it.
          </li>
          <li>
            Pictures in Markdown documents. The preview loads no picture from another website until
            you press &ldquo;Load images&rdquo; for that document. Your browser then fetches those
            pictures from the websites they name, which see your IP address and that the picture was
            loaded, as with any web page; they are sent no referrer and none of your text.
          </li>
        </ul>
        <p>
          We cannot see, read, recover or delete this data. You can delete it at any time by
          clearing this site&apos;s data in your browser settings; download anything you want to
          keep first. Your text only leaves your device when you choose to save it to Google Drive
          (see Third-party integrations), to share it as a link (above), or to edit it with others
          in a live session, and then only encrypted (see Live collaboration relay).
        </p>
      </>
    ),
  },
  {
    id: "live-collaboration",
    title: "Live collaboration relay",
    body: (
      <>
        <p>
          Live collaboration lets the people who hold a session&apos;s link edit one document
          together. Their browsers exchange changes through a relay that we run. The relay is built
          so that it cannot read what passes through it:
        </p>
        <ul>
          <li>
            <strong>Encrypted in your browser.</strong> Every change to the text, and every cursor
            and presence message (including the name you choose to show), is encrypted in the page
            with XChaCha20-Poly1305 and a fresh random nonce before it is sent. The keys are derived
            (HKDF-SHA-256) from one random 256-bit secret that lives in the link after the # sign,
            which browsers never send to any server. The relay never has the keys.
          </li>
          <li>
            <strong>What the relay receives.</strong> The encrypted messages; a room id (a hash that
            names the session, derived from the room&apos;s public verifying key, which it also
            receives so that it can check signatures); the size and time of each message; and, as
            for any connection to a server, your IP address. Edits are signed (Ed25519), and the
            relay takes them only from a connection that proved it holds the Edit link&apos;s key,
            so a View-only link cannot change the text.
          </li>
          <li>
            <strong>What it stores.</strong> For each session: the encrypted changes, and the
            encrypted snapshots that the editors upload to replace many changes with one, so that
            someone who opens the link later still gets the text; with them the room id, the public
            verifying key, and the sizes and times of those writes. Cursor and presence messages are
            passed on to the others in the session and not stored.
          </li>
          <li>
            <strong>IP addresses.</strong> The relay uses the addresses that connect to apply its
            limits: how many sessions and connections one address may open, and how much it may
            store in an hour. It counts them in memory, or, when the relay runs on several servers,
            in the database they share, and forgets each count after an hour. It does not store
            addresses with the sessions. Like any web server, the server that runs the site and the
            relay may also record addresses and request times in its access logs.
          </li>
          <li>
            <strong>How long.</strong> A session is deleted with everything the relay keeps for it{" "}
            {LIVE_IDLE_DAYS} days after its last edit, or at once when the person who started it
            ends it for everyone. After that the relay keeps only a note that the room id was ended
            (with the starter&apos;s signed request to end it, and its time) for {LIVE_IDLE_DAYS}{" "}
            days, so that nobody can open the same session again. Each person&apos;s own copy stays
            in their browser, as described above.
          </li>
        </ul>
        <p>
          Nothing the relay keeps is readable without the link: we cannot read it, recover a lost
          link, or give anyone the text. Anyone who has the Edit link can read and change the
          document, and anyone with the View-only link can read it, including what was written
          before they joined, so share links only with people who may see the document. What the
          relay can learn is when a session is active, how much is written and from which addresses.
        </p>
      </>
    ),
  },
  {
    id: "analytics",
    title: "Analytics",
    body: (
      <p>
        Plainpad does not load analytics scripts today, and no analytics service receives data about
        your visits. If we ever add one to understand which pages are read, we will update this
        policy to name the service and the data it receives before it goes live. It will never
        receive the content of your documents, and the editors will keep working if you block it
        with tracking protection or a content blocker.
      </p>
    ),
  },
  {
    id: "ads-and-cookies",
    title: "Advertising and cookies",
    body: (
      <>
        <p>
          Plainpad shows no ads and loads no advertising scripts today, and it sets no tracking
          cookies. The only things it keeps in your browser are your settings (in localStorage) and
          your documents (in IndexedDB, with the brief copy at page close in localStorage), as
          described above; neither is sent to a server.
        </p>
        <p>
          If Plainpad ever shows ads, we will update this policy first to name the ad service and
          explain the cookies or similar technologies it uses and how to opt out. An ad service
          would never see your documents. You can block or delete cookies in your browser settings
          at any time.
        </p>
      </>
    ),
  },
  {
    id: "third-party-integrations",
    title: "Third-party integrations: Google Drive",
    body: (
      <>
        <p>
          Google Drive is optional. Google&apos;s sign-in code is loaded only when you point at or
          focus a Google Drive button, open a menu that has Google Drive commands, or use one. If
          you click &ldquo;Sign in&rdquo; in the Text Editor, or use a Google Drive command, Google
          asks you to allow these permissions:
        </p>
        <ul>
          <li>
            <strong>The Drive files you use with Plainpad</strong> (<code>drive.file</code>): the
            files you pick in Google&apos;s file picker and the files Plainpad creates for you, so
            it can open and save them. This does not let Plainpad see the rest of your Drive;
          </li>
          <li>
            <strong>Your basic profile and e-mail address</strong> (<code>openid</code>,{" "}
            <code>email</code>, <code>profile</code>) to show which account is signed in.
          </li>
        </ul>
        <p>
          Plainpad does not ask for access to your whole Drive. Google&apos;s consent screen lists
          exactly what is asked each time, and you can untick the Drive permission there (Plainpad
          then tells you that it cannot open or save Drive files).
        </p>
        <p>
          Plainpad reads and writes only the files you open or save with it. New files go into a
          &ldquo;Plainpad Documents&rdquo; folder in your Drive. The sign-in token is kept in memory
          only and never stored; closing the tab signs you out of Plainpad. Your files travel
          directly between your browser and Google; they do not pass through a Plainpad server. You
          can revoke Plainpad&apos;s access at any time at{" "}
          <a href="https://myaccount.google.com/permissions" target="_blank" rel="noreferrer">
            myaccount.google.com/permissions (opens in a new tab)
          </a>
          . Google&apos;s own privacy policy applies to your Google account.
        </p>
        <p>
          <strong>Sync with Google Drive</strong> (the Advanced Notepad&apos;s File menu) is off
          until you turn it on. While it is on, the text of each tab you chose to sync is written to
          its own file in your Drive (the file it came from, or a new one in &ldquo;Plainpad
          Documents&rdquo;), and a small file in that folder, &ldquo;Plainpad synced
          tabs.json&rdquo;, lists the synced tabs&apos; names, order and Drive file ids with a
          random id for each browser that syncs, so your other computers can offer the same tabs. In
          your browser, Plainpad keeps the sync&apos;s settings and, for each synced tab, the text
          last synced (to merge changes made on both sides), the file&apos;s id, checksum and
          revision. The same <code>drive.file</code> permission covers all of it; nothing goes to a
          Plainpad server. Turning sync off stops it; the files stay in your Drive until you delete
          them there.
        </p>
      </>
    ),
  },
  {
    id: "data-retention",
    title: "How long data is kept",
    body: (
      <p>
        Documents stay in your browser until you delete them or clear the site&apos;s data. The
        encrypted data of a live session is deleted from the relay {LIVE_IDLE_DAYS} days after the
        session&apos;s last edit, or when the person who started it ends it. Plainpad collects no
        analytics or advertising data, so there is none to keep. Support e-mails are kept only as
        long as needed to answer you and follow up.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your privacy rights",
    body: (
      <>
        <p>
          Depending on where you live (for example under the GDPR in Europe or the CCPA in
          California), you may have the right to access, correct or delete personal data about you,
          to object to or restrict its use, and to opt out of the sale or sharing of personal data
          for targeted advertising.
        </p>
        <p>
          Because your documents never reach us in a form we can read, you already control them
          fully. For any e-mail you sent us, or any other question about your data, write to{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will help you exercise your
          rights.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children's privacy",
    body: (
      <p>
        Plainpad is a general-audience tool and does not knowingly collect personal data from
        children under 13. The editors do not ask for any personal information.
      </p>
    ),
  },
  {
    id: "policy-updates",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this policy when Plainpad or the services we use change. The &ldquo;Last
        Updated&rdquo; date at the top of this page shows when it last changed; significant changes
        will also be noted on this page.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about privacy? E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or
        use the <Link to="/contact-us/">contact page</Link>.
      </p>
    ),
  },
];
