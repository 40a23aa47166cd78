/** A cell as the file typed it: text stays text (leading zeros kept), a date cell is a Date. */
export type Cell = string | number | boolean | Date | null;
