/**
 * Whether this site gives address suggestions (ADDRESS_API_KIND is not `off`). The pages are
 * prerendered and do not know, so the address field's hint promises suggestions only once the
 * server has said so: GET /api/address answers with `X-Address-Suggestions: on|off`, asked once
 * per page, when the field first gets focus, with an empty query (which costs the server nothing
 * and the provider no request; a page nobody types an address on asks nothing).
 * Without scripts there are no suggestions, and the prerendered hint promises none.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** The sentence added to the address field's hint while suggestions are on. */
export const addressSuggestionsHint = 'Skriv mindst 3 tegn for at få forslag.';

let asked: Promise<boolean> | undefined;

export function addressSuggestionsOn(): Promise<boolean> {
  asked ??= fetch('/api/address?q=', { credentials: 'same-origin' }).then(
    (response) => response.ok && response.headers.get('X-Address-Suggestions') === 'on',
    () => false,
  );
  return asked;
}

/**
 * False until the server has said suggestions are on (a failed question leaves it false); `ask`
 * goes on the field's focus.
 */
export function useAddressSuggestionsOn(): { on: boolean; ask: () => void } {
  const [on, setOn] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const ask = useCallback(() => {
    void addressSuggestionsOn().then((answer) => {
      if (mounted.current) setOn(answer);
    });
  }, []);
  return { on, ask };
}

/** Tests: forget the answer. */
export function forgetAddressSuggestions(): void {
  asked = undefined;
}
