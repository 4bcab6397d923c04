/**
 * @plainpad/wire: the live-collaboration protocol the page (app/) and the relay (server/) share.
 * Frame layout, message types, encode/decode, pieces, close reasons and limits; see wire.ts.
 */
export * from "./wire";
