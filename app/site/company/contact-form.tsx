import { useCallback, useId, useRef, useState, type FormEvent } from "react";
import { CARD, INPUT, PRIMARY_BUTTON } from "~/site/marketing/styles";
import { type HydratedField, useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";

/** The contact form's fields (spec section 3: all text, all required). */
export interface ContactFormState {
  name: string;
  email: string;
  subject: string;
  message: string;
}

const EMPTY: ContactFormState = { name: "", email: "", subject: "", message: "" };

/** The alert shown after a submit (spec section 8). */
export const CONTACT_THANK_YOU = "Thank you for your message! We will get back to you soon.";

/**
 * The contact form. The browser enforces the required fields and the e-mail format; a valid
 * submit logs the form to the console, shows the spec's thank-you alert and clears the fields.
 * Nothing is sent: no server of ours receives forms.
 */
export function ContactForm() {
  const [form, setForm] = useState<ContactFormState>(EMPTY);
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // A name typed while the page was still loading is kept (the fields' names are the keys).
  useTypedBeforeHydration(
    formRef,
    useCallback((field: HydratedField) => {
      if (field.name in EMPTY) setForm((current) => ({ ...current, [field.name]: field.value }));
    }, []),
  );

  function update(field: keyof ContactFormState, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    console.log("Contact form submitted:", form);
    window.alert(CONTACT_THANK_YOU);
    setForm(EMPTY);
  }

  const field = (
    key: keyof ContactFormState,
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <div>
      <label
        htmlFor={`${baseId}-${key}`}
        className="block font-medium text-slate-900 dark:text-white"
      >
        {label}
      </label>
      <input
        id={`${baseId}-${key}`}
        name={key}
        type={type}
        required
        autoComplete={autoComplete}
        value={form[key]}
        onChange={(event) => update(key, event.target.value)}
        className={`mt-1.5 ${INPUT}`}
      />
    </div>
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} className={CARD} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-xl font-bold text-slate-900 dark:text-white">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">All fields are required.</p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {field("name", "Your name", "text", "name")}
        {field("email", "Email address", "email", "email")}
      </div>
      <div className="mt-5">{field("subject", "Subject", "text", "off")}</div>
      <div className="mt-5">
        <label
          htmlFor={`${baseId}-message`}
          className="block font-medium text-slate-900 dark:text-white"
        >
          Message
        </label>
        <textarea
          id={`${baseId}-message`}
          name="message"
          rows={6}
          required
          value={form.message}
          onChange={(event) => update("message", event.target.value)}
          className={`mt-1.5 ${INPUT}`}
        />
      </div>
      <button type="submit" className={`mt-6 w-full sm:w-auto ${PRIMARY_BUTTON}`}>
        Send message
      </button>
    </form>
  );
}
