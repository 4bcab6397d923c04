/**
 * What to answer a `Range` header with, for a file of a known size (RFC 9110 §14). The site
 * serves files through sirv, whose own range handling passes a reversed or huge range straight
 * to `createReadStream`, which throws (sirv 3.0.2, an open upstream bug): static-site.ts asks
 * this module first and hands sirv only a range it can serve.
 */

/** The answer to a Range header. */
export type RangeAnswer =
  /** 200 with the whole file: no Range, or one the server may ignore (several ranges, garbage). */
  | { kind: "whole" }
  /** 416: a reversed range, or one that starts at or past the end. */
  | { kind: "unsatisfiable" }
  /** 206 with bytes start..end (inclusive). */
  | { kind: "part"; start: number; end: number };

const SINGLE_RANGE = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/** How to answer `header` for a file of `size` bytes. */
export function answerRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: "whole" };
  const match = SINGLE_RANGE.exec(header);
  // Several ranges, other units and garbage: a server may ignore the header and send it all.
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // "bytes=-N": the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  // Digits too long for a safe integer still compare correctly as large numbers here.
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { kind: "unsatisfiable" };
  if (start >= size) return { kind: "unsatisfiable" };
  // An end at or past the file's end means "to the end" (RFC 9110 §14.1.2).
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: "part", start, end };
}

/**
 * The Range header to hand sirv so that it sends `answer` (sirv reads "bytes=a-b" with
 * `parseInt(b) || size - 1`), or undefined to drop the header and send the whole file.
 */
export function rangeHeaderForSirv(answer: RangeAnswer, size: number): string | undefined {
  switch (answer.kind) {
    case "whole":
      return undefined;
    case "unsatisfiable":
      // sirv answers 416 (with "Content-Range: bytes */size") for a start at or past the end.
      return `bytes=${size}-`;
    case "part":
      // sirv cannot be told "bytes=0-0" of a longer file (it reads an end of 0 as "to the
      // end"); the whole file is a correct answer to any range.
      if (answer.end === 0 && size > 1) return undefined;
      return `bytes=${answer.start}-${answer.end}`;
  }
}
