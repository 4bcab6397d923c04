import { useId, useState } from "react";

/**
 * The footer's "Stay Updated" form. No request is sent (no server of ours takes sign-ups); the
 * browser checks the address and the form thanks the reader in place.
 */
export function FooterSubscribe() {
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const inputId = useId();

  if (subscribed) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
        Thanks! We&apos;ll write to <strong>{subscribed}</strong> when there is news.
      </p>
    );
  }
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row md:flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        setSubscribed(String(data.get("email") ?? "").trim());
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <input
        id={inputId}
        name="email"
        type="email"
        required
        placeholder="you@example.com"
        autoComplete="email"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
      />
      <button
        type="submit"
        className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        Subscribe
      </button>
    </form>
  );
}
