/**
 * CSV for spreadsheets (Excel with Danish settings): cells separated by semicolons, quoted when
 * they hold a quote, separator, line break or outer spaces; a cell that a spreadsheet would run
 * as a formula is kept as text with a leading apostrophe (OWASP ASVS 5.0 1.2.10). That is a cell
 * starting with =, +, -, @, tab, carriage return or NUL, or with the full-width ＝ ＋ － ＠, which
 * spreadsheets in East Asian locales read as their ASCII twins.
 */
const formulaStart = /^[=+\-@\t\r\0\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}
