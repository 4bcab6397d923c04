import { expect, test } from "@playwright/test";
import { allPagePaths } from "../../app/site/pages";

/**
 * Crawls every internal link of every prerendered page and requests each unique target once.
 * Redirects (e.g. /terms -> /terms/) are followed; the final answer must be 200. Fragment links
 * must point at an element id that exists on the target page.
 */
test("no internal link on any page is broken", async ({ request }) => {
  const linkedFrom = new Map<string, Set<string>>();
  const htmlByPath = new Map<string, string>();
  for (const path of allPagePaths()) {
    const response = await request.get(path);
    expect(response.status(), `${path} itself`).toBe(200);
    const html = await response.text();
    htmlByPath.set(path, html);
    for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
      const raw = match[1].replace(/&amp;/g, "&");
      if (!raw || raw.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(raw)) continue; // external, mailto:, tel:
      const target = new URL(raw, `http://site${path}`);
      const key = `${target.pathname}${target.hash}`;
      if (!linkedFrom.has(key)) linkedFrom.set(key, new Set());
      linkedFrom.get(key)!.add(path);
    }
  }
  expect(linkedFrom.size).toBeGreaterThan(20);

  const broken: string[] = [];
  const bodies = new Map<string, { status: number; html: string }>();
  for (const [key, sources] of linkedFrom) {
    const [pathname, hash = ""] = key.split("#");
    let result = bodies.get(pathname);
    if (!result) {
      const response = await request.get(pathname);
      result = {
        status: response.status(),
        html: response.status() === 200 ? await response.text() : "",
      };
      bodies.set(pathname, result);
    }
    const from = [...sources].slice(0, 3).join(", ");
    if (result.status !== 200) broken.push(`${pathname} -> ${result.status} (linked from ${from})`);
    else if (hash && !result.html.includes(`id="${decodeURIComponent(hash)}"`)) {
      broken.push(`${key}: no element with id "${hash}" (linked from ${from})`);
    }
  }
  expect(broken, "broken internal links").toEqual([]);
});
