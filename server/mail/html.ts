/** Escaping for e-mail HTML: every piece of user text goes through escapeHtml, so it stays text. */
const replacements: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => replacements[char]!);
}

/** Escapes and keeps line breaks. */
export function multilineHtml(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

const dateFormat = new Intl.DateTimeFormat('da-DK', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Copenhagen',
});

/** '22. november 2026 kl. 04.55' (Danish time). */
export function formatDanishDateTime(date: Date): string {
  return dateFormat.format(date);
}
