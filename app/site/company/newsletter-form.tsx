import { CheckCircle2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { BODY_TEXT, CARD, INPUT, PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/site/marketing/styles";
import { type HydratedField, useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";

/** The interest ids of a subscription (spec section 3), in display order. */
export const NEWSLETTER_INTERESTS = [
  { id: "productivity", label: "Productivity tips" },
  { id: "templates", label: "Plain-text templates" },
  { id: "tutorials", label: "New tutorials" },
  { id: "updates", label: "Plainpad product updates" },
  { id: "tips", label: "Writing tips" },
  { id: "freebies", label: "Free resources" },
] as const;

/** One of the six interest ids. */
export type NewsletterInterest = (typeof NEWSLETTER_INTERESTS)[number]["id"];

/** What a sign-up produces (spec section 3). Built in the browser; no request is made. */
export interface NewsletterSubscription {
  email: string;
  firstName: string;
  interests: NewsletterInterest[];
  /** ISO 8601 timestamp. */
  subscribedAt: string;
  source: "newsletter-page";
}

/** Simulated sending time (spec section 9). */
export const NEWSLETTER_DELAY_MS = 2000;

type Phase = "idle" | "submitting" | "subscribed";

function isInterest(value: string): value is NewsletterInterest {
  return NEWSLETTER_INTERESTS.some((interest) => interest.id === value);
}

/**
 * The newsletter sign-up: idle, then submitting (a 2-second simulated delay with the button
 * reading "Subscribing..."), then a thank-you screen. Plainpad has no mail server yet, so the
 * subscription is only written to the console, as the spec describes.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [firstName, setFirstName] = useState("");
  const [interests, setInterests] = useState<NewsletterInterest[]>([]);
  const [phase, setPhase] = useState<Phase>("idle");
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const emailId = useId();
  const nameId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed or ticked while the page was still loading is kept.
  useTypedBeforeHydration(
    formRef,
    useCallback((field: HydratedField) => {
      if (field.name === "email") setEmail(field.value);
      else if (field.name === "firstName") setFirstName(field.value);
      else if (field.name === "interests" && isInterest(field.value)) {
        const id = field.value;
        const checked = (field as HTMLInputElement).checked;
        setInterests((current) =>
          checked
            ? [...current.filter((item) => item !== id), id]
            : current.filter((item) => item !== id),
        );
      }
    }, []),
  );

  // Stop the simulated delay if the reader leaves the page mid-way.
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (phase === "subscribed") thanksRef.current?.focus();
  }, [phase]);

  function toggleInterest(id: NewsletterInterest, checked: boolean) {
    setInterests((current) => (checked ? [...current, id] : current.filter((item) => item !== id)));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== "idle" || !email.trim()) return;
    setPhase("submitting");
    timer.current = window.setTimeout(() => {
      const subscription: NewsletterSubscription = {
        email: email.trim(),
        firstName: firstName.trim(),
        interests,
        subscribedAt: new Date().toISOString(),
        source: "newsletter-page",
      };
      console.log("Newsletter subscription:", subscription);
      setPhase("subscribed");
    }, NEWSLETTER_DELAY_MS);
  }

  if (phase === "subscribed") {
    return (
      <div className={`${CARD} text-center`} role="status">
        <CheckCircle2
          aria-hidden="true"
          size={48}
          className="mx-auto text-green-700 dark:text-green-400"
        />
        <h2
          ref={thanksRef}
          tabIndex={-1}
          className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none dark:text-white"
        >
          Thank you for subscribing{firstName.trim() ? `, ${firstName.trim()}` : ""}!
        </h2>
        <p className={`mt-3 ${BODY_TEXT}`}>
          Your first issue is planned within 24 hours and will go to <strong>{email.trim()}</strong>
          . In the meantime, the resources hub has templates and guides you can use today.
        </p>
        <p className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/resources/" className={PRIMARY_BUTTON}>
            Explore resources
          </Link>
          <Link to="/" className={SECONDARY_BUTTON}>
            Back to home
          </Link>
        </p>
      </div>
    );
  }

  const submitting = phase === "submitting";
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      className={CARD}
      aria-labelledby="newsletter-form-heading"
    >
      <h2 id="newsletter-form-heading" className="text-xl font-bold text-slate-900 dark:text-white">
        Sign up
      </h2>
      <div className="mt-5 space-y-5">
        <div>
          <label htmlFor={emailId} className="block font-medium text-slate-900 dark:text-white">
            Email address{" "}
            <span className="text-sm font-normal text-slate-700 dark:text-slate-300">
              (required)
            </span>
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            readOnly={submitting}
            onChange={(event) => setEmail(event.target.value)}
            className={`mt-1.5 ${INPUT}`}
          />
        </div>
        <div>
          <label htmlFor={nameId} className="block font-medium text-slate-900 dark:text-white">
            First name{" "}
            <span className="text-sm font-normal text-slate-700 dark:text-slate-300">
              (optional)
            </span>
          </label>
          <input
            id={nameId}
            name="firstName"
            type="text"
            autoComplete="given-name"
            value={firstName}
            readOnly={submitting}
            onChange={(event) => setFirstName(event.target.value)}
            className={`mt-1.5 ${INPUT}`}
          />
        </div>
        <fieldset>
          <legend className="font-medium text-slate-900 dark:text-white">
            What would you like to hear about?{" "}
            <span className="text-sm font-normal text-slate-700 dark:text-slate-300">
              (optional)
            </span>
          </legend>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {NEWSLETTER_INTERESTS.map((interest) => (
              <li key={interest.id}>
                <label
                  htmlFor={interest.id}
                  className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  <input
                    id={interest.id}
                    type="checkbox"
                    name="interests"
                    value={interest.id}
                    checked={interests.includes(interest.id)}
                    disabled={submitting}
                    onChange={(event) => toggleInterest(interest.id, event.target.checked)}
                    className="h-4 w-4 accent-blue-700"
                  />
                  {interest.label}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
      <button
        type="submit"
        disabled={!email.trim() || submitting}
        className={`mt-6 w-full ${PRIMARY_BUTTON}`}
      >
        {submitting ? "Subscribing..." : "Subscribe"}
      </button>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        We&apos;ll use this address only for the newsletter.
      </p>
    </form>
  );
}
