import type { Text } from "@codemirror/state";
import { applyToDocument, type DocumentTarget } from "./apply-to-document";
import { ChangeFeed } from "./change-feed";
import type { ChangeOrigin } from "./change-origin";
import { type DocumentMeta, newDocumentMeta, patchMeta, setMeta } from "./document-meta";
import { duplicateName, nextDocumentId, normaliseName, untitledName } from "./document-names";
import type {
  AddOptions,
  DocumentList,
  DocumentSetOptions,
  ListedDocument,
  LoadedEntry,
  OpenDocument,
  SetChange,
  SetListener,
} from "./open-document";

/**
 * The open documents of an editor (issue 51): the notepad's N tabs with an active one, the
 * simple editor's one. It holds each document (its state, by id), their order and the active
 * id, applies the tab rules (unique ids, Untitled-N names, rename limits, close, duplicate,
 * reorder, at least one document), and announces every change: of a document on `feed` (text
 * and meta, a name or unsaved mark included), of the set on `changes`. A tab bar is a
 * projection of it (`list`, `followList`), as tldraw's sync client listens to its store.
 */
export class DocumentSet<Doc extends OpenDocument = OpenDocument> {
  /** Every change of a document, shown or not (persistence, History, Drive, live follow it). */
  readonly feed = new ChangeFeed();
  private readonly setListeners = new Set<SetListener>();
  private readonly docs = new Map<string, Doc>();
  private order: string[] = [];
  private active = "";
  /** The last list made, and whether a change since may have changed it. */
  private listing: { list: DocumentList; stale: boolean } | null = null;
  private readonly now: () => number;

  constructor(private readonly options: DocumentSetOptions<Doc>) {
    this.now = options.now ?? Date.now;
    this.feed.subscribe(({ meta }) => {
      if (meta && this.listing) this.listing.stale = true;
    });
    this.load([]);
  }

  /** Calls `listener` after each change of the set; returns the unsubscribe. */
  subscribe(listener: SetListener): () => void {
    this.setListeners.add(listener);
    return () => this.setListeners.delete(listener);
  }

  private announce(kind: SetChange["kind"], ids: readonly string[], origin: ChangeOrigin): void {
    if (this.listing) this.listing.stale = true;
    for (const listener of this.setListeners) listener({ kind, ids, origin });
  }

  // ------------------------------------------------------------------ reading

  get(id: string): Doc | undefined {
    return this.docs.get(id);
  }

  has(id: string): boolean {
    return this.docs.has(id);
  }

  /** The documents' ids, in order. */
  get ids(): readonly string[] {
    return this.order;
  }

  get activeId(): string {
    return this.active;
  }

  /** The meta of document `id` (undefined when the set lacks it). */
  meta(id: string): DocumentMeta | undefined {
    return this.docs.get(id)?.meta;
  }

  /** The text of document `id` ("" when the set lacks it). */
  text(id: string): Text | string {
    return this.docs.get(id)?.text ?? "";
  }

  /** The set as a list; the same object until the set or a document's meta changes. */
  list(): DocumentList {
    if (this.listing?.stale === false) return this.listing.list;
    const documents = this.order.map((id) => {
      const { name, isModified, lastModified } = this.docs.get(id)!.meta;
      return { id, name, isModified, lastModified };
    });
    const previous = this.listing?.list;
    const list =
      previous && previous.activeId === this.active && sameDocuments(previous.documents, documents)
        ? previous
        : { documents, activeId: this.active };
    this.listing = { list, stale: false };
    return list;
  }

  /**
   * Calls `listener` with the list each time it changes (a change of the set, or of a
   * document's meta: not per keystroke). Returns the unsubscribe.
   */
  followList(listener: (list: DocumentList) => void): () => void {
    let last = this.list();
    const check = () => {
      const next = this.list();
      if (next === last) return;
      last = next;
      listener(next);
    };
    const offDocuments = this.feed.subscribe(({ meta }) => {
      if (meta) check();
    });
    const offSet = this.subscribe(check);
    return () => {
      offDocuments();
      offSet();
    };
  }

  /** The apply path's view of document `id`: its view when shown, else its held state. */
  target(id: string): DocumentTarget | null {
    const doc = this.docs.get(id);
    if (!doc) return null;
    const shown = this.options.shown?.();
    const view = shown?.id === id ? shown.view : null;
    return { view, held: doc, feed: { feed: this.feed, id } };
  }

  // ------------------------------------------------------------------ documents joining

  /**
   * Fills the set with the stored documents (replacing what it held), `activeId` active when
   * it is among them. With none, it holds one empty "Untitled-1" whose id is "1". Nothing is
   * stored again: followers hear `loaded`.
   */
  load(entries: readonly LoadedEntry[], activeId?: string): void {
    this.docs.clear();
    this.order = [];
    const given = entries.length ? entries : [{ id: "1", content: "", meta: {} }];
    for (const { id, content, meta } of given) {
      this.docs.set(id, this.options.create(content, newDocumentMeta(meta)));
      this.order.push(id);
    }
    this.active = activeId !== undefined && this.docs.has(activeId) ? activeId : this.order[0];
    this.announce("loaded", this.order, "open");
  }

  /** Adds a document with `content`; returns its id. The feed hears its text and meta. */
  add(content: string | Text, options: AddOptions = {}): string {
    const id =
      options.id !== undefined && !this.docs.has(options.id)
        ? options.id
        : nextDocumentId(this.order, this.now());
    const names = this.order.map((other) => this.docs.get(other)!.meta.name);
    const meta = newDocumentMeta({
      ...options.meta,
      name: options.name ?? untitledName(names),
      isModified: options.isModified ?? false,
      // Another window's document keeps the time it was last changed there.
      lastModified: options.meta?.lastModified ?? this.now(),
    });
    this.docs.set(id, this.options.create(content, meta));
    const after = options.after === undefined ? -1 : this.order.indexOf(options.after);
    if (after < 0) this.order = [...this.order, id];
    else this.order = [...this.order.slice(0, after + 1), id, ...this.order.slice(after + 1)];
    const origin = options.origin ?? "user";
    // Followers hear of it once the set is whole again (added, and active when it is to be).
    const activated = (options.activate ?? true) && this.active !== id;
    if (activated) this.active = id;
    this.announce("added", [id], origin);
    this.feed.announce(id, { text: true, meta: true }, origin);
    if (activated) this.announce("activated", [id], origin);
    return id;
  }

  /** Adds an unsaved copy "name (Copy)" right after `id` and activates it (not its Drive file nor its file on disk: a copy is new). */
  duplicate(id: string): string | null {
    const source = this.docs.get(id);
    if (!source) return null;
    const { name, file } = source.meta;
    return this.add(source.text.toString(), {
      name: duplicateName(name),
      isModified: true,
      meta: { file: { ...file, disk: null } },
      after: id,
    });
  }

  // ------------------------------------------------------------------ documents leaving

  /** Whether a document may be closed: never the last one. */
  canClose(): boolean {
    return this.order.length > 1;
  }

  /**
   * Closes document `id`; the last one is never closed (returns false). Closing the active one
   * activates the first remaining. Asking about unsaved changes is the caller's job.
   */
  close(id: string, origin: ChangeOrigin = "user"): boolean {
    if (!this.canClose() || !this.docs.has(id)) return false;
    this.drop([id], origin);
    return true;
  }

  /** Closes every document but `id`, which becomes active; returns the ids closed. */
  closeOthers(id: string): string[] {
    if (!this.docs.has(id)) return [];
    const closed = this.order.filter((other) => other !== id);
    this.activate(id);
    this.drop(closed, "user");
    return closed;
  }

  /**
   * Removes document `id` wherever it is (another window closed it); the last one is replaced
   * by a fresh empty "Untitled-1", added with `origin` as well.
   */
  remove(id: string, origin: ChangeOrigin): void {
    if (!this.docs.has(id)) return;
    if (this.order.length === 1) this.add("", { name: untitledName([]), origin, activate: true });
    this.drop([id], origin);
  }

  private drop(ids: readonly string[], origin: ChangeOrigin): void {
    if (ids.length === 0) return;
    for (const id of ids) this.docs.delete(id);
    this.order = this.order.filter((id) => this.docs.has(id));
    const activated = !this.docs.has(this.active);
    if (activated) this.active = this.order[0];
    this.announce("closed", ids, origin);
    if (activated) this.announce("activated", [this.active], origin);
  }

  // ------------------------------------------------------------------ order and active

  /** Makes `id` the active document; unknown ids leave the set as is. */
  activate(id: string, origin: ChangeOrigin = "user"): void {
    if (id === this.active || !this.docs.has(id)) return;
    this.active = id;
    this.announce("activated", [id], origin);
  }

  /** Activates the document at 0-based `index` (Ctrl/Cmd+1..9); out of range does nothing. */
  activateAt(index: number): void {
    const id = this.order[index];
    if (id !== undefined) this.activate(id);
  }

  /** Moves the document at `from` to position `to` (both 0-based, `to` clamped). */
  move(from: number, to: number): void {
    const count = this.order.length;
    if (from < 0 || from >= count) return;
    const target = Math.max(0, Math.min(count - 1, to));
    if (target === from) return;
    const order = [...this.order];
    const [moved] = order.splice(from, 1);
    order.splice(target, 0, moved);
    this.order = order;
    this.announce("reordered", order, "user");
  }

  /** Moves document `id` one place left (-1) or right (+1): the keyboard's drag. */
  moveBy(id: string, delta: number): void {
    const from = this.order.indexOf(id);
    if (from >= 0) this.move(from, from + delta);
  }

  /** Puts the documents in `order` (another window's); unknown ids skipped, the rest after. */
  reorder(order: readonly string[], origin: ChangeOrigin = "other-window"): void {
    const known = order.filter((id, at) => this.docs.has(id) && order.indexOf(id) === at);
    const next = [...known, ...this.order.filter((id) => !known.includes(id))];
    if (next.every((id, at) => id === this.order[at])) return;
    this.order = next;
    this.announce("reordered", next, origin);
  }

  // ------------------------------------------------------------------ meta

  /**
   * Changes document `id`'s meta by a `setMeta` transaction with `origin` (through the view
   * when it is shown); a document whose state is not built yet holds it until then. The feed
   * hears it unless nothing changed.
   */
  changeMeta(id: string, patch: Partial<DocumentMeta>, origin: ChangeOrigin = "user"): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    if (doc.state) {
      applyToDocument(this.target(id)!, { effects: setMeta.of(patch) }, origin);
      return;
    }
    const meta = patchMeta(doc.heldMeta, patch);
    if (meta === doc.heldMeta) return;
    doc.heldMeta = meta;
    this.feed.announce(id, { meta: true }, origin);
  }

  /** Renames `id` (and marks it unsaved); a blank or unchanged name is ignored (false). */
  rename(id: string, input: string, origin: ChangeOrigin = "user"): boolean {
    const name = normaliseName(input);
    const current = this.docs.get(id)?.meta;
    if (name === null || !current || current.name === name) return false;
    this.changeMeta(id, { name, isModified: true, lastModified: this.now() }, origin);
    return true;
  }

  /** Marks `id` unsaved at its first change since a save (later changes change nothing). */
  markModified(id: string, origin: ChangeOrigin = "user"): void {
    if (this.docs.get(id)?.meta.isModified !== false) return;
    this.changeMeta(id, { isModified: true, lastModified: this.now() }, origin);
  }

  /** Marks `id` saved (after a save or download). */
  markSaved(id: string, origin: ChangeOrigin = "user"): void {
    this.changeMeta(id, { isModified: false }, origin);
  }
}

function sameDocuments(a: readonly ListedDocument[], b: readonly ListedDocument[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (doc, at) =>
        doc.id === b[at].id &&
        doc.name === b[at].name &&
        doc.isModified === b[at].isModified &&
        doc.lastModified === b[at].lastModified,
    )
  );
}
