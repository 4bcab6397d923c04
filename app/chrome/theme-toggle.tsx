import { Moon, Sun } from "lucide-react";
import { useSiteTheme } from "./use-site-theme";

/** Light/dark switch for the site theme. Its name says what a click will do. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const { theme, toggle } = useSiteTheme();
  const label = theme === "dark" ? "Switch to light mode" : "Switch to dark mode";
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800 ${className}`}
    >
      {/* Chosen by the page's dark class, which is set before first paint: the icon is right
          before the scripts run too. */}
      <Sun aria-hidden="true" size={20} className="hidden dark:block" />
      <Moon aria-hidden="true" size={20} className="dark:hidden" />
    </button>
  );
}
