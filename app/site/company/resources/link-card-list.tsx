import { Link } from "react-router";
import { BODY_TEXT, CARD, TEXT_LINK } from "~/site/marketing/styles";
import type { ResourceLink } from "./guides";

/** A grid of link cards (title link + summary) for the resources hub. */
export function LinkCardList({ items }: { items: readonly (ResourceLink & { to: string })[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.to} className={CARD}>
          <h3 className="text-lg font-semibold">
            <Link to={item.to} className={TEXT_LINK}>
              {item.title}
            </Link>
          </h3>
          <p className={`mt-2 text-sm ${BODY_TEXT}`}>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
