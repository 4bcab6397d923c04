/**
 * Drive v3's two small languages, as the fake Drive (drive-model.ts) reads them: the `q` of
 * files.list ("Search for files and folders") and the `fields` partial-response selector
 * ("Return specific fields"). Only what Drive documents; a clause the fake does not know is an
 * error (400 invalid), so a test never passes on a query real Drive would refuse or read
 * otherwise.
 */

/** What a `q` clause is tested against. */
export interface QueryableFile {
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  appProperties: Record<string, string>;
}

/** A parsed `q`: one predicate per clause, all of which must hold (`and`). */
export type FileQuery = (file: QueryableFile) => boolean;

const STRING = String.raw`'((?:[^'\\]|\\.)*)'`;

function unescape(value: string): string {
  return value.replace(/\\(.)/g, "$1");
}

/** Splits `q` at top-level ` and ` (not inside quotes or `{ }`). */
function splitAnd(q: string): string[] {
  const clauses: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if (quoted) {
      if (c === "\\") i++;
      else if (c === "'") quoted = false;
      continue;
    }
    if (c === "'") quoted = true;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (depth === 0 && /^\s+and\s+/i.test(q.slice(i)) && /\s/.test(c)) {
      const match = /^\s+and\s+/i.exec(q.slice(i))!;
      clauses.push(q.slice(start, i));
      i += match[0].length - 1;
      start = i + 1;
    }
  }
  clauses.push(q.slice(start));
  return clauses.map((c) => c.trim()).filter((c) => c.length > 0);
}

function clause(text: string): FileQuery {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^${STRING}\\s+in\\s+parents$`).exec(text))) {
    const parent = unescape(m[1]);
    return (file) => file.parents.includes(parent);
  }
  if ((m = new RegExp(`^(name|mimeType)\\s*(=|!=)\\s*${STRING}$`).exec(text))) {
    const [, field, op, raw] = m;
    const value = unescape(raw);
    return (file) => (file[field as "name" | "mimeType"] === value) === (op === "=");
  }
  if ((m = new RegExp(`^name\\s+contains\\s+${STRING}$`).exec(text))) {
    const value = unescape(m[1]);
    return (file) => file.name.includes(value);
  }
  if ((m = /^trashed\s*(=|!=)\s*(true|false)$/.exec(text))) {
    const wanted = (m[2] === "true") === (m[1] === "=");
    return (file) => file.trashed === wanted;
  }
  if (/^'me'\s+in\s+owners$/.test(text)) return () => true; // every file here is the user's
  if (
    (m = new RegExp(
      `^appProperties\\s+has\\s*\\{\\s*key\\s*=\\s*${STRING}\\s+and\\s+value\\s*=\\s*${STRING}\\s*\\}$`,
    ).exec(text))
  ) {
    const key = unescape(m[1]);
    const value = unescape(m[2]);
    return (file) => file.appProperties[key] === value;
  }
  throw new QueryError(`Invalid Value: the fake Drive does not read the clause "${text}"`);
}

/** A `q` Drive would refuse (400 invalid). */
export class QueryError extends Error {}

/** Parses `q` (empty: every file). Throws {@link QueryError}. */
export function parseQuery(q: string): FileQuery {
  const clauses = splitAnd(q).map(clause);
  return (file) => clauses.every((test) => test(file));
}

/** A parsed `fields` selector: field name to its own sub-selector (null: the whole value). */
export type FieldMask = Map<string, FieldMask | null>;

/** Parses `fields` such as `nextPageToken,files(id,name,capabilities(canEdit))`. */
export function parseFields(fields: string): FieldMask {
  let at = 0;
  const read = (): FieldMask => {
    const mask: FieldMask = new Map();
    while (at < fields.length) {
      const name = /^[A-Za-z0-9_*/]+/.exec(fields.slice(at))?.[0] ?? "";
      at += name.length;
      let sub: FieldMask | null = null;
      if (fields[at] === "(") {
        at++;
        sub = read();
        at++; // ")"
      }
      // `a/b` is the same as `a(b)`.
      const [head, ...rest] = name.split("/");
      if (rest.length) sub = new Map([[rest.join("/"), sub]]);
      if (head) mask.set(head, sub);
      if (fields[at] === ",") {
        at++;
        continue;
      }
      break;
    }
    return mask;
  };
  return read();
}

/** `value` with only the fields of `mask` (arrays: each element masked). */
export function applyFields(value: unknown, mask: FieldMask | null): unknown {
  if (mask === null || mask.has("*")) return value;
  if (Array.isArray(value)) return value.map((item) => applyFields(item, mask));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of mask) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) out[key] = applyFields(field, sub);
  }
  return out;
}
