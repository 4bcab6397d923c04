/**
 * The custom answer of the "Google hasn't verified this app" question (spec: a step-by-step
 * explanation with a warning-screen illustration instead of the stored text).
 */
export function UnverifiedAppAnswer() {
  return (
    <div className="flex flex-col gap-4">
      <p>
        Google shows this warning when an app asks for permissions that Google reviews, such as
        reading your whole Drive, and the review is not finished. Plainpad normally asks only for
        the Drive files you use with it and your basic profile, which do not need that review, so
        you may never see it. If a Plainpad site does show it, you can continue safely: Plainpad
        only reads and writes the files you open or save with it, and your sign-in stays in your
        browser tab.
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
          Review the permissions Google lists: normally the Drive files you use with Plainpad (the
          ones you pick and the ones it creates) and your basic profile and e-mail address.
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
