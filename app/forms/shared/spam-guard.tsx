import { useCallback, useRef, type ComponentProps } from 'react';
import { honeypotFieldName } from '../../../domain/spam-names';
import { renewFormToken, useFormToken } from './form-token';

export { formTokenTiming, useFormToken, useFormTokenPrefetch } from './form-token';

/**
 * The two pieces every lead form sends against spam, without a captcha (domain/spam.ts):
 *
 *   const formToken = useFormToken();
 *   …
 *   <HoneypotField {...register('website')} />
 *   …
 *   await sendLead({ ...values, formToken });
 *
 * Neither ever stands in a person's way: the hidden field cannot be reached by keyboard, screen
 * reader or autofill, and a form without a token still sends (the server then files the lead
 * under spam for staff to look through, rather than losing it). The token itself is kept by
 * form-token.ts, which loads with the page.
 */

type HoneypotProps = Omit<
  ComponentProps<'input'>,
  'name' | 'type' | 'tabIndex' | 'autoComplete' | 'aria-hidden' | 'hidden'
>;

/**
 * A text field named "website" that people never see and form-filling bots fill in. Hidden from
 * sight (not with display:none, which many bots skip) and from assistive technology, out of the
 * tab order, and marked for password managers and autofill to leave alone. Register it with the
 * form like any field: `<HoneypotField {...register('website')} />`.
 */
export function HoneypotField(props: HoneypotProps) {
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        Lad dette felt være tomt
        <input
          {...props}
          type="text"
          name={honeypotFieldName}
          tabIndex={-1}
          autoComplete="off"
          data-1p-ignore=""
          data-lpignore="true"
          data-bwignore=""
          data-form-type="other"
        />
      </label>
    </div>
  );
}

/**
 * Both pieces for a form: render `<HoneypotField ref={honeypot} />` inside it and send
 * `{ ...values, ...spamFields() }`. The honeypot's value travels only when something filled it.
 */
export function useSpamGuard() {
  const formToken = useFormToken();
  const honeypot = useRef<HTMLInputElement>(null);
  // A token brings one lead: sending takes this one and fetches the next at once.
  const spamFields = useCallback(() => {
    const fields = { formToken, website: honeypot.current?.value || undefined };
    renewFormToken();
    return fields;
  }, [formToken]);
  return { honeypot, spamFields };
}
