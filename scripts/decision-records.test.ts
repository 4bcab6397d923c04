import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The decision records (docs/decisions/) keep their habits: each has a title line, a Date and a
 * Status line; a record another amended or replaced points to that later record, and the later
 * record says which it amends or replaces (an Amends or Replaces line); and the index
 * (docs/decisions/README.md) lists every record once, with the same date and status.
 */

const DIR = path.join(process.cwd(), "docs", "decisions");
const RECORD_NAME = /^(\d{3})-[a-z0-9-]+\.md$/;
const STATUS = /^(Accepted|Superseded by (\d{3})|Amended by (\d{3}(?:(?:, | and )\d{3})*))$/;

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
  /** The earlier records this one names on its Amends line. */
  amends: string[];
  /** The earlier records this one names on its Replaces line. */
  replaces: string[];
}

function recordNumbers(list: string): string[] {
  return list.match(/\d{3}/g) ?? [];
}

function readRecord(file: string): DecisionRecord {
  const text = readFileSync(path.join(DIR, file), "utf8");
  const line = (pattern: RegExp) => pattern.exec(text)?.[1] ?? "";
  return {
    file,
    number: file.slice(0, 3),
    title: line(/^# (\d{3}: .+)$/m),
    date: line(/^- \*\*Date:\*\* (.+)$/m),
    status: line(/^- \*\*Status:\*\* (.+)$/m),
    amends: recordNumbers(line(/^- \*\*Amends:\*\* (.+)$/m)),
    replaces: recordNumbers(line(/^- \*\*Replaces:\*\* (.+)$/m)),
  };
}

/** The later records that amend (or replace) each record, as its own Status line names them. */
function laterRecords(status: string, kind: "Amended" | "Superseded"): string[] {
  return status.startsWith(`${kind} by `) ? recordNumbers(status) : [];
}

const files = readdirSync(DIR).filter((name) => name !== "README.md" && name.endsWith(".md"));
const records = files.map(readRecord);

/** The index's table rows by the file each links to: [number, date, status]. */
function indexRows(): Map<string, { number: string; date: string; status: string }[]> {
  const index = readFileSync(path.join(DIR, "README.md"), "utf8");
  const rows = new Map<string, { number: string; date: string; status: string }[]>();
  for (const [, number, file, date, status] of index.matchAll(
    /^\| *(\d{3}) *\| *\[[^\]]+\]\(([^)]+)\) *\| *([^|]*?) *\| *([^|]*?) *\|$/gm,
  )) {
    rows.set(file, [...(rows.get(file) ?? []), { number, date, status }]);
  }
  return rows;
}

describe("decision records", () => {
  it("are found", () => {
    expect(records.length).toBeGreaterThan(20);
  });

  for (const record of records) {
    describe(record.file, () => {
      it("is named NNN-title.md and titled with its number", () => {
        expect(record.file).toMatch(RECORD_NAME);
        expect(record.title.startsWith(`${record.number}: `)).toBe(true);
      });

      it("has a Date line with a real day", () => {
        expect(record.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${record.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(record.date);
      });

      it("has a Status line, pointing to later records that exist", () => {
        const match = STATUS.exec(record.status);
        expect(match, `status "${record.status}"`).not.toBeNull();
        const later = (match?.[2] ?? match?.[3] ?? "").match(/\d{3}/g) ?? [];
        for (const number of later) {
          expect(Number(number)).toBeGreaterThan(Number(record.number));
          expect(records.map((other) => other.number)).toContain(number);
        }
      });

      it("is listed once in the index, with its date and status", () => {
        expect(indexRows().get(record.file)).toEqual([
          { number: record.number, date: record.date, status: record.status },
        ]);
      });
    });
  }

  it("a record amended or replaced is named on the later record's Amends or Replaces line", () => {
    for (const record of records) {
      for (const number of laterRecords(record.status, "Amended")) {
        const later = records.find((other) => other.number === number);
        expect(later?.amends, `${number} amends ${record.number}`).toContain(record.number);
      }
      for (const number of laterRecords(record.status, "Superseded")) {
        const later = records.find((other) => other.number === number);
        expect(later?.replaces, `${number} replaces ${record.number}`).toContain(record.number);
      }
    }
  });

  it("an Amends or Replaces line names earlier records whose Status points back", () => {
    for (const record of records) {
      for (const [numbers, kind] of [
        [record.amends, "Amended"],
        [record.replaces, "Superseded"],
      ] as const) {
        for (const number of numbers) {
          const earlier = records.find((other) => other.number === number);
          expect(Number(number), `${record.file} names ${number}`).toBeLessThan(
            Number(record.number),
          );
          expect(laterRecords(earlier?.status ?? "", kind), `${number}'s status`).toContain(
            record.number,
          );
        }
      }
    }
  });

  it("numbers each record once", () => {
    const numbers = records.map((record) => record.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("index lists no record that does not exist", () => {
    expect([...indexRows().keys()].sort()).toEqual([...files].sort());
  });
});
