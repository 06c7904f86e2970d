/**
 * CSV of a list as shown (RFC 4180: comma-separated, CRLF rows, quotes
 * doubled inside quoted fields). A cell a spreadsheet would read as a
 * formula (starting with = + - @, a tab or a return) is prefixed with an
 * apostrophe: exported data must never run as code when opened.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  // A plain negative number is data, not a formula.
  if (FORMULA_START.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `orders-current-2026-11-25.csv`: the list's name and the day it was taken (UTC). */
export function csvFileName(list: string, now: number): string {
  return `${list}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
