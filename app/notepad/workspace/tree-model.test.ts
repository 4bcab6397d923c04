import { describe, expect, it } from "vitest";
import type { FolderEntry } from "~/workspace/workspace-folder";
import {
  ancestorsOf,
  buildTree,
  emptyTreeWords,
  fileIconKind,
  firstChildOnceListed,
  type FolderListing,
  nameCollator,
  sortEntries,
  type TreeNode,
  type TreeSource,
  treeMove,
  visibleItems,
} from "./tree-model";

function entry(path: string, kind: "file" | "folder" = "file"): FolderEntry {
  return { name: path.slice(path.lastIndexOf("/") + 1), path, kind };
}

function listed(...entries: FolderEntry[]): FolderListing {
  return { state: "listed", entries };
}

/** A folder with a subfolder, an ignored file, a hidden file and numbered names. */
function source(patch: Partial<TreeSource> = {}): TreeSource {
  return {
    listings: {
      "": listed(
        entry("b.txt"),
        entry("src", "folder"),
        entry(".gitignore"),
        entry(".env"),
        entry("debug.log"),
        entry("A.md"),
        entry("docs", "folder"),
        entry(".git", "folder"),
      ),
      src: listed(entry("src/main.ts"), entry("src/deep", "folder")),
      "src/deep": listed(entry("src/deep/target.ts")),
      docs: listed(entry("docs/guide-10.md"), entry("docs/guide-2.md")),
    },
    expanded: new Set(),
    gitignores: { "": "*.log\n" },
    showIgnored: false,
    ...patch,
  };
}

const paths = (nodes: readonly TreeNode[]) => visibleItems(nodes).map((node) => node.entry.path);

describe("sortEntries", () => {
  it("puts folders first, then names case aside with numbers by value", () => {
    const sorted = sortEntries([
      entry("b.txt"),
      entry("guide-10.md"),
      entry("Zeta", "folder"),
      entry("guide-2.md"),
      entry("alpha", "folder"),
      entry("A.md"),
    ]);
    expect(sorted.map((e) => e.name)).toEqual([
      "alpha",
      "Zeta",
      "A.md",
      "b.txt",
      "guide-2.md",
      "guide-10.md",
    ]);
  });

  it("sorts the same in a browser with the POSIX locale (WebKitGTK without a language)", () => {
    const entries = [entry("Windows.txt"), entry("a-file.md"), entry("B.md"), entry("guide-10.md")];
    for (const locale of ["en-US-u-va-posix", "fr", "en-US"]) {
      const sorted = sortEntries(entries, nameCollator(locale));
      expect(sorted.map((e) => e.name)).toEqual([
        "a-file.md",
        "B.md",
        "guide-10.md",
        "Windows.txt",
      ]);
    }
  });
});

describe("buildTree", () => {
  it("shows the first level sorted, without ignored, hidden or version control entries", () => {
    expect(paths(buildTree(source()))).toEqual(["docs", "src", "A.md", "b.txt"]);
  });

  it("shows ignored and hidden entries with the switch (never .git)", () => {
    expect(paths(buildTree(source({ showIgnored: true })))).toEqual([
      "docs",
      "src",
      ".env",
      ".gitignore",
      "A.md",
      "b.txt",
      "debug.log",
    ]);
  });

  it("shows an expanded folder's children one level deeper", () => {
    const nodes = buildTree(source({ expanded: new Set(["docs"]) }));
    expect(paths(nodes)).toEqual([
      "docs",
      "docs/guide-2.md",
      "docs/guide-10.md",
      "src",
      "A.md",
      "b.txt",
    ]);
    expect(visibleItems(nodes)[1].level).toBe(2);
  });

  it("says an expanded folder is loading or failed", () => {
    const failed: FolderListing = { state: "failed", message: "gone" };
    const nodes = buildTree(
      source({
        expanded: new Set(["src", "docs"]),
        listings: { ...source().listings, src: failed, docs: { state: "loading" } },
      }),
    );
    expect(nodes.find((n) => n.entry.path === "src")?.listing).toEqual(failed);
    expect(nodes.find((n) => n.entry.path === "docs")?.listing).toEqual({ state: "loading" });
  });

  it("filters names of what is listed, opening the folders that hold matches", () => {
    expect(paths(buildTree(source(), "TARGET"))).toEqual(["src", "src/deep", "src/deep/target.ts"]);
    expect(paths(buildTree(source(), "guide-2"))).toEqual(["docs", "docs/guide-2.md"]);
    expect(paths(buildTree(source(), "nothing like it"))).toEqual([]);
  });
});

describe("treeMove", () => {
  const items = visibleItems(buildTree(source({ expanded: new Set(["src"]) })));
  // docs, src, src/deep, src/main.ts, A.md, b.txt

  it("moves up, down, home and end", () => {
    expect(treeMove(items, "docs", "ArrowDown")).toEqual({ kind: "focus", path: "src" });
    expect(treeMove(items, "src", "ArrowUp")).toEqual({ kind: "focus", path: "docs" });
    expect(treeMove(items, "docs", "ArrowUp")).toBeNull();
    expect(treeMove(items, "src", "End")).toEqual({ kind: "focus", path: "b.txt" });
    expect(treeMove(items, "b.txt", "Home")).toEqual({ kind: "focus", path: "docs" });
    expect(treeMove(items, null, "ArrowDown")).toEqual({ kind: "focus", path: "src" });
  });

  it("Right opens a closed folder, then goes to its first child; nothing on a file", () => {
    expect(treeMove(items, "docs", "ArrowRight")).toEqual({ kind: "expand", path: "docs" });
    expect(treeMove(items, "src", "ArrowRight")).toEqual({ kind: "focus", path: "src/deep" });
    expect(treeMove(items, "A.md", "ArrowRight")).toBeNull();
  });

  it("Right on an open folder still being listed goes to its first child once listed", () => {
    const { src: _src, ...others } = source().listings;
    const loading = { ...others, src: { state: "loading" } as const };
    const before = visibleItems(
      buildTree(source({ expanded: new Set(["src"]), listings: loading })),
    );
    const move = treeMove(before, "src", "ArrowRight");
    expect(move).toEqual({ kind: "first-child", path: "src" });
    expect(firstChildOnceListed(before, "src")).toBe("wait");
    // The listing arrives: the move lands on the first child, folders first.
    expect(firstChildOnceListed(items, "src")).toBe("src/deep");
    // Listed empty, failed, or closed meanwhile: nowhere to go.
    const empty = { ...others, src: listed() };
    const failed = { ...others, src: { state: "failed", message: "gone" } as const };
    for (const listings of [empty, failed]) {
      const after = visibleItems(buildTree(source({ expanded: new Set(["src"]), listings })));
      expect(firstChildOnceListed(after, "src")).toBeNull();
      expect(treeMove(after, "src", "ArrowRight")).toBeNull();
    }
    expect(firstChildOnceListed(visibleItems(buildTree(source())), "src")).toBeNull();
  });

  it("Left closes an open folder, else goes to the parent", () => {
    expect(treeMove(items, "src", "ArrowLeft")).toEqual({ kind: "collapse", path: "src" });
    expect(treeMove(items, "src/main.ts", "ArrowLeft")).toEqual({ kind: "focus", path: "src" });
    expect(treeMove(items, "src/deep", "ArrowLeft")).toEqual({ kind: "focus", path: "src" });
    expect(treeMove(items, "A.md", "ArrowLeft")).toBeNull();
  });

  it("Enter opens a file and toggles a folder; a letter goes to the next name with it", () => {
    expect(treeMove(items, "src/main.ts", "Enter")).toEqual({ kind: "open", path: "src/main.ts" });
    expect(treeMove(items, "src", "Enter")).toEqual({ kind: "collapse", path: "src" });
    expect(treeMove(items, "docs", "Enter")).toEqual({ kind: "expand", path: "docs" });
    expect(treeMove(items, "docs", "b")).toEqual({ kind: "focus", path: "b.txt" });
    expect(treeMove(items, "src", "M")).toEqual({ kind: "focus", path: "src/main.ts" });
    // Wrapping round to the item itself when no other name starts with it.
    expect(treeMove(items, "src", "s")).toEqual({ kind: "focus", path: "src" });
    expect(treeMove(items, "docs", "Tab")).toBeNull();
  });
});

describe("helpers", () => {
  it("tells a file's icon by its extension", () => {
    expect(["a.md", "x.ts", "c.json", "p.PNG", "Makefile"].map(fileIconKind)).toEqual([
      "text",
      "code",
      "data",
      "image",
      "other",
    ]);
  });

  it("lists the folders above a path", () => {
    expect(ancestorsOf("a/b/c.txt")).toEqual(["a", "a/b"]);
    expect(ancestorsOf("c.txt")).toEqual([]);
  });
});

describe("emptyTreeWords", () => {
  const words = (patch: Partial<TreeSource>) => {
    const tree = source(patch);
    return emptyTreeWords(tree, buildTree(tree));
  };

  it("says a folder with no files has none", () => {
    expect(words({ listings: { "": listed() } })).toBe("This folder has no files.");
  });

  it("says every file is ignored or hidden, and how to see them, until the switch is on", () => {
    const listings = { "": listed(entry(".env"), entry("debug.log"), entry(".git", "folder")) };
    expect(words({ listings })).toMatch(/Every file in this folder is ignored or hidden/);
    expect(words({ listings, showIgnored: true })).toBeNull();
  });

  it("says nothing while the folder shows entries or is still being listed", () => {
    expect(words({})).toBeNull();
    expect(words({ listings: { "": { state: "loading" } } })).toBeNull();
  });
});
