import { EditorState, type Extension, type Text } from "@codemirror/state";
import { EditorView, type ViewUpdate } from "@codemirror/view";
import { useEffect, useLayoutEffect, useRef } from "react";
import {
  baseEditorExtensions,
  configurableExtensions,
  createEditorCompartments,
  type EditorCompartments,
  type EditorViewOptions,
  reconfigureEditor,
  resolveEditorOptions,
} from "./extensions";

/** What the wrapper hands to its owner once the view exists. */
export interface CodeEditorHandle {
  /** The live view: dispatch transactions, read `view.state.doc`, focus it. */
  readonly view: EditorView;
  /** The compartments of this view (for reconfiguring something the options do not cover). */
  readonly compartments: EditorCompartments;
  /**
   * Replaces the whole document with a fresh state (new undo history, cursor at the start) that
   * keeps the current options and extensions. Update listeners are NOT called for this: the
   * caller knows the document was replaced.
   */
  resetDocument(text: string | Text): void;
}

/** Props of CodeEditor. */
export interface CodeEditorProps {
  /** The document at creation. Later changes of this prop are ignored (use resetDocument). */
  initialDoc?: string;
  /** Display options; changes are applied through compartments without recreating the view. */
  options?: Partial<EditorViewOptions>;
  /** Extra extensions (keymaps, language, plugins), read once at creation. */
  extensions?: Extension;
  /** Called with the handle after the view is created, and with null before it is destroyed. */
  onReady?: (handle: CodeEditorHandle | null) => void;
  /** Called on every view update (check `update.docChanged`); never copies the document. */
  onUpdate?: (update: ViewUpdate) => void;
  /** Class of the host element (give it a height; the editor fills it). */
  className?: string;
}

/**
 * React wrapper of a CodeMirror 6 EditorView. The view is created once in an effect and owns
 * the document: nothing is copied into React state per keystroke. Browser only (runs in
 * effects), so it is safe in prerendered routes.
 */
export function CodeEditor({
  initialDoc = "",
  options = {},
  extensions,
  onReady,
  onUpdate,
  className,
}: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<CodeEditorHandle | null>(null);
  const resolved = resolveEditorOptions(options);
  const appliedRef = useRef<EditorViewOptions>(resolved);
  // Latest props for callbacks and for creation, without re-running the creation effect.
  const latest = useRef({ initialDoc, resolved, extensions, onReady, onUpdate });
  useLayoutEffect(() => {
    latest.current = { initialDoc, resolved, extensions, onReady, onUpdate };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let view: EditorView | null = null;
    let step: ReturnType<typeof setTimeout>;
    const compartments = createEditorCompartments();
    const listener = EditorView.updateListener.of((update) => latest.current.onUpdate?.(update));
    const makeState = (doc: string | Text) =>
      EditorState.create({
        doc,
        extensions: [
          configurableExtensions(compartments, appliedRef.current),
          baseEditorExtensions(),
          latest.current.extensions ?? [],
          listener,
        ],
      });
    const createView = (state: EditorState) => {
      const created = new EditorView({ state, parent: host });
      view = created;
      // Options that changed between the two tasks.
      if (reconfigureEditor(created, compartments, appliedRef.current, latest.current.resolved)) {
        appliedRef.current = latest.current.resolved;
      }
      const handle: CodeEditorHandle = {
        view: created,
        compartments,
        resetDocument(text) {
          created.setState(makeState(text));
        },
      };
      handleRef.current = handle;
      latest.current.onReady?.(handle);
    };
    // The state and then the view are made in tasks of their own, after the one that hydrated
    // the page: all three were one long task that held up the first input (Total Blocking
    // Time). The owner's mount effects (reading the settings) run before, so the view starts
    // with them.
    step = setTimeout(() => {
      appliedRef.current = latest.current.resolved;
      const state = makeState(latest.current.initialDoc);
      step = setTimeout(() => createView(state), 0);
    }, 0);
    return () => {
      clearTimeout(step);
      if (!view) return;
      latest.current.onReady?.(null);
      handleRef.current = null;
      view.destroy();
    };
  }, []);

  // Apply option changes through compartments (only the ones that changed).
  useEffect(() => {
    const handle = handleRef.current;
    if (!handle) return;
    if (reconfigureEditor(handle.view, handle.compartments, appliedRef.current, resolved)) {
      appliedRef.current = resolved;
    }
  });

  return <div ref={hostRef} className={className} />;
}
