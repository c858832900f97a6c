/**
 * CSV for spreadsheets (Excel with Danish settings): cells separated by semicolons, quoted when
 * they hold a quote, separator, line break or outer spaces; a cell that a spreadsheet would run
 * as a formula (=, +, -, @, tab, carriage return first) is kept as text with a leading apostrophe.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}
