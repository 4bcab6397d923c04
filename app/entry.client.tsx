import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

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
