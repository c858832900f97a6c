/**
 * What the customer wrote in an e-mail answer, without what their mail program added below it: the
 * quoted history (Gmail's and Apple Mail's "Den … skrev:" / "On … wrote:", Outlook's "Fra:/Sendt:"
 * header block or "-----Original Message-----"), lines quoted with ">", a signature after "-- "
 * and the phones' "Sendt fra min iPhone". The thread already holds our message, so the quote is
 * noise there; an answer that is nothing but a quote keeps its whole text rather than none.
 */

/** The most text an answer keeps; a longer one is cut and marked, the whole stays in the mailbox. */
export const maxAnswerLength = 10_000;

/**
 * The most of a mail's plain text that is read at all (64 KB of characters): the customer's words
 * come first, so what lies beyond is quote, signature or an attack, and reading it only costs time.
 */
export const maxParsedTextLength = 64 * 1024;

/** Ends an answer that was cut, so staff and customer see that the thread does not hold it all. */
export const cutNote = '(Svaret er afkortet her. Hele e-mailen er gemt hos os.)';

/** Attribution lines are short; a longer line is the customer's text, whatever it starts with. */
const attributionMaxLength = 500;

// Every pattern below is anchored at the start of a line or a literal word and has no two
// quantifiers that can trade characters, so each runs in time linear in the line
// (eslint-plugin-regexp checks it); trailing space is cut with trimEnd(), never with /\s+$/.

// "Den 3. jun. 2024 kl. 10.12 skrev Skadekompagniet <svar+…@…>:", "On Mon, 3 Jun 2024 at 10:12, … wrote:"
const attributionStart = /^\s*(?:den|on|am|le|el|op|på)\s/i;
// English and others name the writer before the verb, Danish after it ("skrev Skadekompagniet <…>:").
const verbBeforeColon = /\b(?:wrote|schrieb|a écrit|escribió|schreef)$/i;
const danishVerb = /\bskrev\b/i;
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

/** Whether an attribution ends in this text: "… wrote:" or "… skrev … :". */
function endsAttribution(text: string): boolean {
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith(':')) return false;
  const beforeColon = trimmed.slice(0, -1).trimEnd();
  return verbBeforeColon.test(beforeColon) || danishVerb.test(beforeColon);
}

/** The index of the first line of the quoted history (or the signature), or the line count. */
function cutIndex(lines: readonly string[]): number {
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (signatureSeparator.test(line) || originalMessage.test(line)) return i;
    if (line.length <= attributionMaxLength && attributionStart.test(line)) {
      // Gmail wraps a long attribution over two or three lines.
      const joined = [line, lines[i + 1] ?? '', lines[i + 2] ?? ''];
      for (let n = 1; n <= 3; n += 1) {
        const text = joined.slice(0, n).join(' ');
        if (text.length <= attributionMaxLength * 3 && endsAttribution(text)) return i;
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

const isBlank = (line: string) => line.trim() === '';

/** The lines between the first and the last that are not blank. */
function withoutBlankEdges(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start]!)) start += 1;
  while (end > start && isBlank(lines[end - 1]!)) end -= 1;
  return lines.slice(start, end);
}

/** The lines without the phones' signatures at the end (and the blank lines around them). */
function withoutMobileSignatures(lines: readonly string[]): string[] {
  let end = lines.length;
  for (;;) {
    while (end > 0 && isBlank(lines[end - 1]!)) end -= 1;
    if (end === 0 || !mobileSignature.test(lines[end - 1]!)) break;
    end -= 1;
  }
  return lines.slice(0, end);
}

/**
 * The customer's own words of an answer (plain text of the e-mail): the first maxParsedTextLength
 * characters are read, the result holds at most maxAnswerLength characters, and a cut is marked.
 */
export function answerText(text: string): string {
  const readAll = text.length <= maxParsedTextLength;
  const lines = text.slice(0, maxParsedTextLength).replace(/\r\n?/g, '\n').split('\n');
  const trimmed = lines.map((line) => line.trimEnd());
  const kept = trimmed.slice(0, cutIndex(lines)).filter((line) => !line.trimStart().startsWith('>'));
  const own = withoutBlankEdges(withoutMobileSignatures(withoutBlankEdges(kept))).join('\n');
  const result = own.trim() ? own : withoutBlankEdges(trimmed).join('\n');
  if (result.length > maxAnswerLength) return `${result.slice(0, maxAnswerLength - 1)}…\n\n${cutNote}`;
  return readAll ? result : `${result}\n\n${cutNote}`;
}
