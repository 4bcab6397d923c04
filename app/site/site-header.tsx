import { ChevronDown, Menu, X } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useDismiss } from "~/ui/use-dismiss";
import { Logo } from "~/chrome/logo";
import { BLOG_NAV, MAIN_NAV, POPULAR_ARTICLES } from "./navigation";
import { ThemeToggle } from "~/chrome/theme-toggle";

const linkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white";

/** The Blog dropdown: a disclosure button and a list of links. */
function BlogMenu() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={`${linkClass} inline-flex items-center gap-1`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        Blog
        <ChevronDown
          aria-hidden="true"
          size={16}
          className={`transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          {BLOG_NAV.map((item) => (
            <li key={item.href}>
              <Link
                to={item.href}
                onClick={close}
                className="block rounded-lg px-3 py-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800"
              >
                <span className="block text-sm font-semibold text-slate-900 dark:text-white">
                  {item.name}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {item.description}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The mobile menu (below 768 px): main links, the blog, and Popular Articles. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);

  return (
    <div ref={containerRef} className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
      </button>
      {open && (
        <nav
          id={panelId}
          aria-label="Mobile"
          className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <ul className="flex flex-col">
            {MAIN_NAV.map((item) => (
              <li key={item.href}>
                <Link to={item.href} onClick={close} className={`${linkClass} block text-base`}>
                  {item.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/blog/" onClick={close} className={`${linkClass} block text-base`}>
                Blog
              </Link>
            </li>
          </ul>
          <h2 className="mt-4 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
            Popular Articles
          </h2>
          <ul className="mt-1 flex flex-col">
            {POPULAR_ARTICLES.map((item) => (
              <li key={item.href}>
                <Link to={item.href} onClick={close} className={`${linkClass} block`}>
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/** The shared header of every page except the landing page and the editors. */
export function SiteHeader() {
  // Re-mounting the menus on navigation closes them after a link is followed.
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.href}
              to={item.href}
              end={item.href === "/"}
              className={({ isActive }) =>
                `${linkClass} ${isActive ? "text-blue-700 dark:text-blue-300" : ""}`
              }
            >
              {item.name}
            </NavLink>
          ))}
          <BlogMenu key={pathname} />
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <MobileMenu key={pathname} />
        </div>
      </div>
    </header>
  );
}
