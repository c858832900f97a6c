/**
 * How our e-mails greet a customer, shared by the server's e-mails and the inbox's composer, which
 * shows the greeting a message will get before it is sent.
 */

/** Longest name an e-mail to a visitor-typed address repeats. */
export const maxGreetingNameLength = 60;

/**
 * The visitor's name as an e-mail to the address they typed may repeat it (in `To:` and the
 * greeting): only when it is plainly a name: letters of any script (æ, ø, å included), spaces,
 * hyphens and apostrophes, at most 60 characters and six words. No digits, dots, slashes, "@" or
 * links, so a "name" cannot carry a message or an address. Null otherwise.
 */
export function greetingName(name: string): string | null {
  const clean = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (clean === '' || clean.length > maxGreetingNameLength) return null;
  if (!/^[\p{L}\p{M}]+(?:[ '’-]+[\p{L}\p{M}]+)*$/u.test(clean)) return null;
  if (clean.split(' ').length > 6) return null;
  return clean;
}

/** "Hej Anne Hansen", or "Hej" alone when the name is not plainly a name. */
export function greeting(name: string): string {
  const safe = greetingName(name);
  return safe ? `Hej ${safe}` : 'Hej';
}

// The words a Danish (or English) letter opens with; only the first 40 characters are looked at.
const openingWords =
  /^(?:hej|hejsa|hey|hi|hello|hallo|kære|goddag|god morgen|god eftermiddag|godaften|god aften|dear)(?![\p{L}\p{N}])/iu;

/** True when the text opens with a greeting of its own ("Hej Karin.", "Kære Karin,"). */
export function opensWithGreeting(text: string): boolean {
  return openingWords.test(text.trimStart().slice(0, 40));
}

/**
 * The line our e-mail puts before a message of staff's: "Hej Karin Vestergaard,", or null when
 * the text already greets the customer (a second greeting would read oddly).
 */
export function messageGreeting(name: string, text: string): string | null {
  return opensWithGreeting(text) ? null : `${greeting(name)},`;
}
