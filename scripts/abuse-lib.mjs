// The pure parts of scripts/abuse.mjs (unit-tested in scripts/abuse-lib.test.ts).

/** True for an http origin on the loopback interface: the only place the attacks may go. */
export function isLoopback(origin) {
  try {
    const host = new URL(origin).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}

export function attackResult(name, held, detail) {
  return { name, held: Boolean(held), detail };
}

/** One line per attack and a total; `failed` counts the attacks that got through. */
export function summary(results) {
  const width = Math.max(...results.map((result) => result.name.length), 10);
  const lines = results.map(
    (result) => `${result.held ? 'held  ' : 'FAILED'}  ${result.name.padEnd(width)}  ${result.detail}`,
  );
  const failed = results.filter((result) => !result.held).length;
  lines.push(
    '',
    failed === 0
      ? `All ${results.length} attacks held.`
      : `${failed} of ${results.length} attacks got through.`,
  );
  return { text: `${lines.join('\n')}\n`, failed };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value a response's Set-Cookie lines give the cookie `name` ('' when cleared), or null. */
export function cookieValue(setCookieLines, name) {
  let value = null;
  for (const line of setCookieLines) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) value = pair.slice(at + 1).trim();
  }
  return value;
}

/** True when `text` names `address` itself, not as the tail of a longer one (ann@ in joann@). */
export function mentionsAddress(text, address) {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.+-])${escaped}(?![\\w.-]*\\w)`, 'i').test(text);
}
