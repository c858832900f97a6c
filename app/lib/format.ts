/**
 * Danish formatting of numbers, amounts and dates. Dates are formatted in UTC
 * so the prerendered HTML and the hydrated page always print the same day.
 */
const numberFormat = new Intl.NumberFormat('da-DK');
const dateFormat = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 5000000 → '5.000.000' */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** 5000000 → '5.000.000 kr.' */
export function formatDkk(value: number): string {
  return `${formatNumber(value)} kr.`;
}

/** '2026-11-12' → '12. november 2026' */
export function formatDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** Two-digit hour as Danish clock text: 8 → '08', 17 → '17'. */
export function formatHour(hour: number): string {
  return String(hour).padStart(2, '0');
}
