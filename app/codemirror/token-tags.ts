import { Tag } from "@lezer/highlight";

/** The columns of a CSV file: six tints, then again (styled by each theme's highlight style). */
export const CSV_COLUMN_TAGS: readonly Tag[] = Array.from({ length: 6 }, () => Tag.define());
