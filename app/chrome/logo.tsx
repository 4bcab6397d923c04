import { Link } from "react-router";
import { SITE_NAME } from "./brand";

/** The Plainpad mark and name, linking home. */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-white"
      aria-label={`${SITE_NAME} home`}
    >
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="7" fill="#2563eb" />
        <path d="M9 8h10l5 5v11H9z" fill="#fff" />
        <path d="M12 15h9M12 19h9M12 23h6" stroke="#2563eb" strokeWidth="1.8" />
      </svg>
      <span>{SITE_NAME}</span>
    </Link>
  );
}
