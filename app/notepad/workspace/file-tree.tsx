import {
  ChevronDown,
  ChevronRight,
  File,
  FileCode,
  FileImage,
  FileJson,
  FileText,
  Folder,
  FolderOpen,
  type LucideIcon,
} from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from "react";
import { useShallow } from "zustand/react/shallow";
import { useStore } from "zustand";
import {
  buildTree,
  emptyTreeWords,
  fileIconKind,
  firstChildOnceListed,
  type FileIconKind,
  type TreeMove,
  type TreeNode,
  treeMove,
  visibleItems,
} from "./tree-model";
import { type TreeFileActions, treeFileActions } from "./tree-file-actions";
import type { WorkspaceFileOps } from "./workspace-file-ops";
import type { WorkspaceSession } from "./workspace-session";

/**
 * The folder's tree (issue 52), the WAI-ARIA tree pattern: one item in the Tab order (the
 * selected one: a roving tabindex), arrows move and open, Enter opens a file in a tab. Folders
 * are listed when first opened. Its data is `tree-model.ts`; this only draws it and maps keys.
 */

const FILE_ICONS: Record<FileIconKind, LucideIcon> = {
  text: FileText,
  code: FileCode,
  data: FileJson,
  image: FileImage,
  other: File,
};

export function FileTree({
  session,
  filter,
  onOpenFile,
  fileOps,
  onMenu,
}: {
  session: WorkspaceSession;
  filter: string;
  /** Opens a file of the tree (the panel's own handler: it may close itself on a phone). */
  onOpenFile: (path: string) => void;
  /** The file commands: F2, Delete, drops on a folder (tree-file-actions.ts). */
  fileOps?: WorkspaceFileOps;
  /** Opens the right-click menu of the selected entry at a point. */
  onMenu?: (x: number, y: number) => void;
}) {
  const source = useStore(
    session.store,
    useShallow((s) => ({
      listings: s.listings,
      expanded: s.expanded,
      gitignores: s.gitignores,
      showIgnored: s.showIgnored,
      name: s.folder?.name ?? "",
    })),
  );
  const selected = useStore(session.store, (s) => s.selected);
  const revealed = useStore(session.store, (s) => s.revealed);
  const treeRef = useRef<HTMLUListElement>(null);
  const nodes = useMemo(() => buildTree(source, filter), [source, filter]);
  const items = useMemo(() => visibleItems(nodes), [nodes]);
  // View › Reveal active tab: the tree scrolls to the selected file and takes the focus, once
  // its row is there (the folders above it may still be listed when the reveal is asked).
  const revealDone = useRef(0);
  useEffect(() => {
    if (revealed === revealDone.current) return;
    const path = session.state.selected;
    if (path === null) return;
    const item = treeRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
    if (!item) return; // not listed yet: the next render of the rows tries again
    revealDone.current = revealed;
    item.scrollIntoView({ block: "nearest" });
    item.focus();
  }, [revealed, session, items]);
  const current = items.some((item) => item.entry.path === selected)
    ? selected
    : (items[0]?.entry.path ?? null);

  // Right on an open folder still being listed: its first child is focused once it is listed.
  const awaitedFolder = useRef<string | null>(null);
  useEffect(() => {
    const folder = awaitedFolder.current;
    if (folder === null) return;
    const child = firstChildOnceListed(items, folder);
    if (child === "wait") return;
    awaitedFolder.current = null;
    if (child !== null) focusItem(child);
  });

  const focusItem = (path: string) => {
    session.select(path);
    // After the render that moves the tabindex there.
    requestAnimationFrame(() =>
      treeRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)?.focus(),
    );
  };

  const apply = (move: TreeMove) => {
    awaitedFolder.current = null;
    if (move.kind === "first-child") {
      awaitedFolder.current = move.path;
      return;
    }
    if (move.kind === "open") onOpenFile(move.path);
    else if (move.kind === "expand") void session.setExpanded(move.path, true);
    else if (move.kind === "collapse") void session.setExpanded(move.path, false);
    focusItem(move.path);
  };

  const actions = treeFileActions(session, fileOps, onMenu);
  const onKeyDown = (event: KeyboardEvent) => {
    if (actions?.onKey(event, current)) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = treeMove(items, current, event.key);
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    apply(move);
  };

  if (items.length === 0 && filter.trim() !== "") {
    return <p className="p-2 text-sm text-slate-600 dark:text-slate-300">No files match.</p>;
  }
  const emptyWords = emptyTreeWords(source, nodes);
  if (emptyWords !== null) {
    return (
      <p role="status" className="p-2 text-sm text-slate-600 dark:text-slate-300">
        {emptyWords}
      </p>
    );
  }
  return (
    <ul
      ref={treeRef}
      role="tree"
      aria-label={`Files of ${source.name}`}
      className="min-h-0 flex-1 overflow-auto py-1 text-sm"
      onKeyDown={onKeyDown}
      {...actions?.rootDrop}
    >
      {nodes.map((node) => (
        <TreeItem
          key={node.entry.path}
          node={node}
          current={current}
          selected={selected}
          actions={actions}
          onActivate={(item) =>
            apply(
              item.entry.kind === "file"
                ? { kind: "open", path: item.entry.path }
                : { kind: item.expanded ? "collapse" : "expand", path: item.entry.path },
            )
          }
        />
      ))}
    </ul>
  );
}

function TreeItem({
  node,
  current,
  selected,
  actions,
  onActivate,
}: {
  node: TreeNode;
  /** The item in the Tab order. */
  current: string | null;
  selected: string | null;
  actions: TreeFileActions | null;
  onActivate: (node: TreeNode) => void;
}) {
  const labelId = useId();
  const { entry, expanded, level } = node;
  const isFolder = entry.kind === "folder";
  const Icon = isFolder ? (expanded ? FolderOpen : Folder) : FILE_ICONS[fileIconKind(entry.name)];
  const Chevron = expanded ? ChevronDown : ChevronRight;
  return (
    <li
      role="treeitem"
      aria-labelledby={labelId}
      aria-level={level}
      aria-expanded={isFolder ? expanded : undefined}
      aria-selected={entry.path === selected}
      tabIndex={entry.path === current ? 0 : -1}
      data-path={entry.path}
      className="outline-none focus-visible:[&>div]:outline-2 focus-visible:[&>div]:outline-blue-600"
      onClick={(event) => {
        event.stopPropagation();
        onActivate(node);
      }}
      {...actions?.itemProps(entry)}
    >
      <div
        className={`flex cursor-pointer items-center gap-1 rounded py-0.5 pr-2 ${
          entry.path === selected
            ? "bg-blue-100 text-blue-900 dark:bg-blue-900/60 dark:text-blue-50"
            : "hover:bg-slate-200 dark:hover:bg-slate-800"
        }`}
        style={{ paddingLeft: `${(level - 1) * 12 + 4}px` }}
      >
        {isFolder ? (
          <Chevron className="h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden="true" />
        ) : (
          <span className="w-3.5 shrink-0" />
        )}
        <Icon className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        <span id={labelId} className="truncate" title={entry.path}>
          {entry.name}
        </span>
      </div>
      {expanded && (
        <ul role="group">
          {node.listing && <ListingNote node={node} />}
          {node.children.map((child) => (
            <TreeItem
              key={child.entry.path}
              node={child}
              current={current}
              selected={selected}
              actions={actions}
              onActivate={onActivate}
            />
          ))}
          {!node.listing && node.children.length === 0 && (
            <li
              role="none"
              className="py-0.5 text-xs text-slate-600 dark:text-slate-300"
              style={{ paddingLeft: `${level * 12 + 22}px` }}
            >
              Empty folder
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/** An open folder still being listed, or one that could not be read: said in words. */
function ListingNote({ node }: { node: TreeNode }) {
  const listing = node.listing;
  if (!listing || listing.state === "listed") return null;
  return (
    <li
      role="none"
      className={`py-0.5 pr-2 text-xs ${
        listing.state === "failed"
          ? "text-red-700 dark:text-red-300"
          : "text-slate-600 dark:text-slate-300"
      }`}
      style={{ paddingLeft: `${node.level * 12 + 22}px` }}
    >
      {listing.state === "failed" ? listing.message : "Listing…"}
    </li>
  );
}
