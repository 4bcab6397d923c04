/** Build-time settings Vite exposes to the page (`import.meta.env`). */
interface ImportMetaEnv {
  /** The live-collaboration relay's WebSocket URL, when it is not beside the site (`/relay`). */
  readonly VITE_RELAY_URL?: string;
}
