import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { liveEditorAt } from "./collab/live-pages";

// Every page is prerendered, so the browser can show it before React takes over. Hydrating
// after the first frame lets that paint happen first instead of waiting behind hydration
// (which on a slow phone takes hundreds of milliseconds); the page is usable a frame later.
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

requestAnimationFrame(() => setTimeout(hydrate, 0));

// A live link opened in an editor (the simple editor, the notepad) on a first visit: its code,
// keys and text start on their way now, beside hydration and the editor's start-up, instead of
// after them (issue 49). The live code is asked for here too, so its download does not wait for
// the small module that starts the join. A failed load is left to the editor, which loads the
// code again to join.
if (window.location.hash.includes("live=") && liveEditorAt(window.location.pathname)) {
  import("./document/live/live-runtime").catch(() => undefined);
  import("./document/live/live-early-join").then(
    ({ startPageEarlyJoin }) => startPageEarlyJoin(window.location.pathname),
    () => undefined,
  );
}
