/**
 * What the customer wrote in an e-mail answer, without what their mail program added below it: the
 * quoted history (Gmail's and Apple Mail's "Den … skrev:" / "On … wrote:", Outlook's "Fra:/Sendt:"
 * header block or "-----Original Message-----"), lines quoted with ">", a signature after "-- "
 * and the phones' "Sendt fra min iPhone". The thread already holds our message, so the quote is
 * noise there; an answer that is nothing but a quote keeps its whole text rather than none.
 */

/** The most text an answer keeps; a longer one is cut and marked, the whole stays in the mailbox. */
export const maxReplyLength = 10_000;

// "Den 3. jun. 2024 kl. 10.12 skrev Skadekompagniet <svar+…@…>:", "On Mon, 3 Jun 2024 at 10:12, … wrote:"
const attributionStart = /^\s*(?:den|on|am|le|el|op|på)\s/i;
// English and others name the writer before the verb, Danish after it ("skrev Skadekompagniet <…>:").
const attributionEnd = /(?:\b(?:wrote|schrieb|a écrit|escribió|schreef)\s*:|\bskrev\b.*:)\s*$/i;
// Outlook and others put the original under a separator line.
const originalMessage =
  /^\s*-{2,}\s*(?:original message|oprindelig meddelelse|original meddelelse|videresendt meddelelse|forwarded message|ursprüngliche nachricht)\s*-{2,}\s*$/i;
const underscores = /^\s*_{10,}\s*$/;
// Outlook's header block: "Fra: …" then "Sendt: …"/"Dato: …" and "Til: …"/"Emne: …".
const headerFrom = /^\s*\*?(?:fra|from|von)\s*:\*?\s*\S/i;
const headerNext = /^\s*\*?(?:sendt|sent|dato|date|til|to|emne|subject|gesendet|an|betreff|cc)\s*:\*?/i;
const signatureSeparator = /^-- ?$/;
const mobileSignature =
  /^\s*(?:sendt fra min|sent from my|hentet fra|få outlook til|hent outlook til|get outlook for|sendt fra outlook til)\b/i;

/** The index of the first line of the quoted history (or the signature), or the line count. */
function cutIndex(lines: readonly string[]): number {
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (signatureSeparator.test(line) || originalMessage.test(line)) return i;
    if (attributionStart.test(line)) {
      // Gmail wraps a long attribution over two or three lines.
      const joined = [line, lines[i + 1] ?? '', lines[i + 2] ?? ''];
      for (let n = 1; n <= 3; n += 1) {
        if (attributionEnd.test(joined.slice(0, n).join(' ').trim())) return i;
      }
    }
    if (headerFrom.test(line)) {
      const next = lines.slice(i + 1, i + 4);
      if (next.filter((candidate) => headerNext.test(candidate)).length >= 2) {
        // The separator line Outlook draws above the block goes too.
        return i > 0 && underscores.test(lines[i - 1]!) ? i - 1 : i;
      }
    }
  }
  return lines.length;
}

function withoutBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start += 1;
  while (end > start && lines[end - 1]!.trim() === '') end -= 1;
  return lines.slice(start, end);
}

/** The customer's own words of an answer (plain text of the e-mail). */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let kept = lines.slice(0, cutIndex(lines)).filter((line) => !/^\s*>/.test(line));
  kept = withoutBlankEdges(kept.map((line) => line.replace(/\s+$/, '')));
  while (kept.length > 0 && mobileSignature.test(kept[kept.length - 1]!)) {
    kept = withoutBlankEdges(kept.slice(0, -1));
  }
  const own = kept.join('\n');
  const result = own.trim()
    ? own
    : withoutBlankEdges(lines.map((line) => line.replace(/\s+$/, ''))).join('\n');
  return result.length > maxReplyLength ? `${result.slice(0, maxReplyLength - 1)}…` : result;
}
