/**
 * Everything a live session needs that is heavy (issue 44): Yjs, y-protocols, the session and
 * its crypto (@noble), and the editor binding. The editors never import this module statically:
 * they load it through `loadLiveRuntime()` (live-address.ts) when a session is started, a
 * `#live=` link is opened, or a remembered session rejoins, so an ordinary editor's first load
 * carries none of it.
 */
export { bindLiveEffects } from "~/codemirror/live-binding";
export {
  bindingOf,
  joinLive,
  LiveRefusal,
  roomOfFragment,
  startLive,
  whenJoined,
} from "./live-control";
export { mergeLocalText } from "./live-rejoin";
