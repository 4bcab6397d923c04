/**
 * The MD5 of bytes this computer holds, as Drive writes `md5Checksum` (lower-case hex). The sync
 * stores it with the text those bytes carry, so a checksum never belongs to another revision
 * than the text beside it (a metadata read and a download are two answers).
 */
import { md5 } from "@noble/hashes/legacy.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/** Lower-case hex MD5 of `bytes`. */
export function contentMd5(bytes: Uint8Array): string {
  return bytesToHex(md5(bytes));
}

/**
 * Drive's metadata of a file, made to describe `bytes` (read or written by this computer in
 * another answer): when Drive's checksum is another one, a newer revision came in between, so
 * the checksum becomes the bytes' own and the revision unknown, and the next run pulls it.
 */
export function metaOfBytes<Meta extends { md5Checksum?: string; headRevisionId?: string }>(
  meta: Meta,
  bytes: Uint8Array,
): Meta {
  const own = contentMd5(bytes);
  if (meta.md5Checksum === own) return meta;
  return { ...meta, md5Checksum: own, headRevisionId: undefined };
}
