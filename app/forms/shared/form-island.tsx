import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { LoadingNote } from '~/components/ui/loading-note';
import { useFormTokenPrefetch } from './form-token';

/** What counts as the visitor turning to a form (hovering it with a mouse starts early). */
const approachEvents = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'focusin',
  'keydown',
  'input',
  'click',
] as const;

/**
 * Loads a module, trying again after growing pauses until it arrives. A connection that drops for
 * a moment must not turn a half-filled form into an error page: the prerendered form stays on
 * screen, with what the visitor typed, until its code is there.
 */
async function loadPatiently<T>(load: () => Promise<T>): Promise<T> {
  for (let pauseMs = 1_000; ; pauseMs = Math.min(pauseMs * 2, 30_000)) {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** A form field that already holds something the visitor typed or chose. */
function holdsInput(container: HTMLElement): boolean {
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
      if (field.checked !== field.defaultChecked) return true;
    } else if (field.value !== '') return true;
  }
  return false;
}

/**
 * A form prerendered in full whose code (validation, sending, the fields' behaviour) loads only
 * when the visitor turns to it: the pointer over it, a tap, focus or a key in it. Until then the
 * page's first load carries none of it, and the form is plain HTML: the visitor can already type
 * and choose, and nothing typed is lost when the code arrives: React hydrates the fields as they
 * are, and the form takes over what they hold.
 *
 * The form token is fetched as the page hydrates, not when the form's code arrives, so the form's
 * age on the server counts from when the page was opened.
 *
 * Reached by a client-side navigation instead, the form's code loads at once.
 *
 *   const ContactFormIsland = formIsland('kontakt', () =>
 *     import('~/forms/contact/contact-form').then((module) => module.ContactForm),
 *   );
 */
export function formIsland(name: string, load: () => Promise<ComponentType>): ComponentType {
  let release: () => void = () => {};
  const turnedTo = new Promise<void>((resolve) => (release = resolve));
  let hydrated = false;
  const Form = lazy(async () => {
    // In the browser, a form already on the page was prerendered and waits for the visitor.
    const prerendered =
      typeof document !== 'undefined' && document.querySelector(`[data-form-island="${name}"]`) !== null;
    if (prerendered) await turnedTo;
    const LoadedForm = await loadPatiently(load);
    function HydratedForm() {
      useEffect(() => {
        hydrated = true;
      }, []);
      return <LoadedForm />;
    }
    return { default: HydratedForm };
  });

  function Island() {
    const container = useRef<HTMLDivElement>(null);
    useFormTokenPrefetch();
    useEffect(() => {
      const element = container.current;
      if (!element) return;
      // The server's answer to this form sent as plain HTML (values and messages in it): it stays
      // plain HTML, sent to the server again, rather than a blank form hydrated over it.
      if (element.hasAttribute('data-answered')) return;
      // Sent before the form's code arrived: the browser posts it as plain HTML, which the server
      // takes like the scripted form. React must not also hear of it (it would hand the event to
      // the form once hydrated, and the lead would go twice).
      const onEarlySubmit = (event: Event) => {
        if (!hydrated && event.target instanceof Node && element.contains(event.target))
          event.stopImmediatePropagation();
      };
      window.addEventListener('submit', onEarlySubmit, { capture: true });
      const stopEarlySubmit = () => window.removeEventListener('submit', onEarlySubmit, { capture: true });
      // Typed into, or focused, before the page's own scripts ran.
      if (element.contains(document.activeElement) || holdsInput(element)) {
        release();
        return stopEarlySubmit;
      }
      // Listened for on the window, in the capture phase: until the form has hydrated, React stops
      // the propagation of events aimed at it, so a listener on the form itself would hear nothing.
      const onApproach = (event: Event) => {
        if (hydrated || !(event.target instanceof Element) || !element.contains(event.target)) return;
        release();
      };
      for (const type of approachEvents)
        window.addEventListener(type, onApproach, { capture: true, passive: true });
      return () => {
        for (const type of approachEvents) window.removeEventListener(type, onApproach, { capture: true });
        stopEarlySubmit();
      };
    }, []);
    return (
      <div ref={container} data-form-island={name} className="contents">
        {/* The fallback shows only after a client-side navigation, while the code is on its way. */}
        <Suspense fallback={<LoadingNote>Indlæser formularen...</LoadingNote>}>
          <Form />
        </Suspense>
      </div>
    );
  }
  // The island must never re-render before its form has hydrated: React would then give up the
  // prerendered form (and what was typed into it) and render it anew. It has no props, so memo
  // keeps it still whatever its parent does.
  return memo(Island);
}
