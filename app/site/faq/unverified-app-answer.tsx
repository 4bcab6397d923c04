/**
 * The custom answer of the "Google hasn't verified this app" question (spec: a step-by-step
 * explanation with a warning-screen illustration instead of the stored text).
 */
export function UnverifiedAppAnswer() {
  return (
    <div className="flex flex-col gap-4">
      <p>
        Plainpad is a new app, and Google verifies apps that ask for Drive access before it stops
        showing this warning (verification takes Google about 4–6 weeks). Until then you can
        continue safely: Plainpad only reads and writes the files you open or save with it, and your
        sign-in stays in your browser tab.
      </p>
      <figure>
        <img
          src="/images/generated/faq/unverified-app.webp"
          alt="Illustration of Google's 'Google hasn't verified this app' screen with the Advanced link and the 'Go to Plainpad (unsafe)' link highlighted"
          width={720}
          height={480}
          loading="lazy"
          className="w-full max-w-md rounded-xl border border-slate-200 dark:border-slate-700"
        />
        <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Our drawing of the warning screen. The highlighted links are the ones to click.
        </figcaption>
      </figure>
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          On the &quot;Google hasn&apos;t verified this app&quot; screen, click{" "}
          <strong>Advanced</strong> (bottom left).
        </li>
        <li>
          Click <strong>Go to Plainpad (unsafe)</strong>. &quot;Unsafe&quot; here only means Google
          hasn&apos;t finished reviewing the app.
        </li>
        <li>
          Review the permissions: files Plainpad created or you opened with it, read-only Drive
          access to show your text files in the picker, and your basic profile and e-mail address.
        </li>
        <li>
          Click <strong>Continue</strong>. You are signed in and can open from or save to Google
          Drive.
        </li>
      </ol>
      <p>
        You can revoke Plainpad&apos;s access any time at{" "}
        <a
          href="https://myaccount.google.com/permissions"
          className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300"
          rel="noopener noreferrer"
          target="_blank"
        >
          myaccount.google.com/permissions
        </a>
        .
      </p>
    </div>
  );
}
