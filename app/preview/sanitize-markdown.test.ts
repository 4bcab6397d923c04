// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { renderMarkdownHtml } from "~/text/markdown-blocks";
import { IMAGE_PLACEHOLDER_CLASS, sanitizeMarkdownToString } from "./sanitize-markdown";

/** Markdown (with raw HTML) through the renderer and the sanitizer, as the preview does. */
function preview(markdown: string, allowRemoteImages = false): HTMLElement {
  const holder = document.createElement("div");
  holder.innerHTML = sanitizeMarkdownToString(renderMarkdownHtml(markdown), allowRemoteImages);
  return holder;
}

/** Every attribute name and URL-carrying value left in the output, for blanket checks. */
function attributes(root: HTMLElement): string[] {
  return Array.from(root.querySelectorAll("*")).flatMap((element) =>
    Array.from(element.attributes).map((attribute) => `${attribute.name}=${attribute.value}`),
  );
}

const XSS_PAYLOADS: readonly string[] = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<img src="https://evil.example/x.png" onload="alert(1)">',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](  javascript:alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](vbscript:msgbox(1))",
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  "<svg><script>alert(1)</script></svg>",
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example/"><input name="q"><button>Go</button></form>',
  '<div onclick="alert(1)" style="position:fixed;inset:0">cover</div>',
  '<p style="background:url(https://evil.example/track.png)">styled</p>',
  "<style>body{background:url(https://evil.example/t.png)}</style>",
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<base href="https://evil.example/">',
  '<video poster="https://evil.example/p.png" src="https://evil.example/v.mp4"></video>',
  '<audio src="https://evil.example/a.mp3" autoplay></audio>',
  '<img srcset="https://evil.example/a.png 1x">',
  '<details open ontoggle="alert(1)"><summary>s</summary>x</details>',
  "<blockquote>\n\n<img src=x onerror=alert(1)>\n\n</blockquote>",
  "> <a href='javascript:alert(1)'>quoted</a>",
  "- item <img src=1 onerror=alert(1)>\n  - nested <script>alert(1)</script>",
  "| a |\n|---|\n| <img src=x onerror=alert(1)> |",
  '<a href="https://ok.example/" onmouseover="alert(1)">hover</a>',
  '<div class="fixed inset-0 z-50 bg-white">fake page</div>',
  '<h2 id="__plainpadNotepad">clobber</h2>',
  '<form id="test"><input id="attributes"></form>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="data:text/html,<script>alert(1)</script>">data link</a>',
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
];

describe("the Markdown preview's sanitizer", () => {
  it.each(XSS_PAYLOADS)("leaves nothing runnable or fetching in %s", (payload) => {
    const root = preview(payload);
    expect(root.querySelector("script, style, iframe, object, embed, form, svg, math")).toBeNull();
    expect(
      root.querySelector("link, meta, base, video, audio, source, noscript, button"),
    ).toBeNull();
    for (const attribute of attributes(root)) {
      expect(attribute).not.toMatch(/^on/i);
      expect(attribute).not.toMatch(/^(style|srcset|name|action|poster)=/i);
      expect(attribute).not.toMatch(/javascript:|vbscript:|data:text/i);
    }
    for (const link of Array.from(root.querySelectorAll("a[href]"))) {
      expect(link.getAttribute("href")).toMatch(/^(https?:|mailto:|#)/i);
    }
    // No image may fetch anything before the user allows it.
    for (const image of Array.from(root.querySelectorAll("img"))) {
      expect(image.getAttribute("src") ?? "").toMatch(/^data:image\/(png|gif|jpe?g|webp|avif);/);
    }
    for (const element of Array.from(root.querySelectorAll("[class]"))) {
      expect(element.className).toMatch(/^(language-[\w+#.-]+|md-image-placeholder)$/);
    }
    for (const element of Array.from(root.querySelectorAll("[id]"))) {
      expect(element.id).toMatch(/^md-/);
    }
  });

  it("keeps GitHub Flavored Markdown's formatting", () => {
    const root = preview(
      "# Title\n\n**bold** _em_ ~~gone~~ `code` https://plainpad.app\n\n- [x] done\n- [ ] open\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n```python\nprint(1)\n```\n",
    );
    expect(root.querySelector("h1")?.id).toBe("md-title");
    expect(root.querySelector("strong")?.textContent).toBe("bold");
    expect(root.querySelector("del")?.textContent).toBe("gone");
    expect(root.querySelector("a")?.getAttribute("href")).toBe("https://plainpad.app");
    const boxes = root.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
    expect(Array.from(boxes, (box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(root.querySelector("td[align=right]")?.textContent).toBe("2");
    expect(root.querySelector("pre code")?.className).toBe("language-python");
  });

  it("opens safe links in a new tab without referrer or opener", () => {
    const root = preview("[site](https://example.com/a) and [mail](mailto:someone@example.com)");
    for (const link of Array.from(root.querySelectorAll("a"))) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("keeps in-document links and drops links to files beside the document", () => {
    const root = preview("[up](#title) and [other](./other.md)");
    const [section, file] = Array.from(root.querySelectorAll("a"));
    expect(section.getAttribute("href")).toBe("#title");
    expect(file.hasAttribute("href")).toBe(false);
    expect(file.title).toContain("./other.md");
  });

  it("holds remote images back until allowed, and names their host", () => {
    const markdown = "![Logo](https://images.example.org/logo.png)";
    const blocked = preview(markdown);
    expect(blocked.querySelector("img")).toBeNull();
    const holder = blocked.querySelector(`.${IMAGE_PLACEHOLDER_CLASS}`) as HTMLElement;
    expect(holder.textContent).toBe("“Logo” from images.example.org is not loaded yet");
    expect(holder.dataset.remoteSrc).toBe("https://images.example.org/logo.png");
    const allowed = preview(markdown, true).querySelector("img");
    expect(allowed?.getAttribute("src")).toBe("https://images.example.org/logo.png");
    expect(allowed?.getAttribute("referrerpolicy")).toBe("no-referrer");
  });

  it("shows local images as a placeholder and raster data images as they are", () => {
    const root = preview(
      "![Chart](images/chart.png)\n\n![dot](data:image/png;base64,iVBORw0KGgo=)",
    );
    expect(root.querySelector(`.${IMAGE_PLACEHOLDER_CLASS}`)?.textContent).toContain(
      "images/chart.png",
    );
    expect(root.querySelector("img")?.getAttribute("src")).toBe(
      "data:image/png;base64,iVBORw0KGgo=",
    );
  });
});
