import { Icon } from '~/components/icon';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { limits } from '../../domain/constants';
import { fieldClass } from '~/components/ui/input';
import { getJson } from '~/lib/api';
import { cn } from '~/lib/cn';

export interface AddressSuggestion {
  tekst: string;
}

/** Asks our server for suggestions. Replaceable in tests. */
export type FetchAddressSuggestions = (query: string, signal: AbortSignal) => Promise<AddressSuggestion[]>;

export const fetchAddressSuggestions: FetchAddressSuggestions = async (query, signal) => {
  const result = await getJson<unknown>([`/api/address?q=${encodeURIComponent(query)}`], { signal });
  if (!Array.isArray(result)) return [];
  return result.flatMap((item: unknown) =>
    item && typeof item === 'object' && typeof (item as AddressSuggestion).tekst === 'string'
      ? [{ tekst: (item as AddressSuggestion).tekst }]
      : [],
  );
};

export interface AddressAutocompleteProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'onBlur' | 'role' | 'type' | 'ref'
> {
  /** The input's id; the listbox and options get ids derived from it. */
  id: string;
  value: string;
  /** Called with the new text on typing and on choosing a suggestion (react-hook-form's field.onChange). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  fetchSuggestions?: FetchAddressSuggestions;
}

/**
 * A Danish address field with suggestions: the ARIA 1.2 combobox pattern (list autocomplete).
 * The field stays free text — a suggestion only fills it in. Queries start at 3 characters after
 * a 300 ms pause and show at most 8 suggestions; a failed lookup just shows none.
 *
 * With react-hook-form:
 *   <Controller name="adresse" control={control} render={({ field }) => (
 *     <AddressAutocomplete {...control} {...field} autoComplete="address-line1" />
 *   )} />
 * (`control` here being FormField's render argument: id, aria-required, aria-invalid, aria-describedby.)
 */
export function AddressAutocomplete({
  id,
  value,
  onChange,
  onBlur,
  ref,
  fetchSuggestions = fetchAddressSuggestions,
  className,
  onKeyDown,
  ...inputProps
}: AddressAutocompleteProps) {
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | undefined>(undefined);
  const listboxId = `${id}-forslag`;
  const optionId = (index: number) => `${id}-forslag-${index}`;

  const cancelPending = useCallback(() => {
    clearTimeout(timer.current);
    request.current?.abort();
    request.current = undefined;
    setLoading(false);
  }, []);

  useEffect(() => cancelPending, [cancelPending]);

  // A value set from outside (e.g. the form's reset) drops any pending lookup and open list.
  const emitted = useRef(value);
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    cancelPending();
    setSuggestions([]);
    setOpen(false);
    setActive(-1);
  }, [value, cancelPending]);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  const lookUp = useCallback(
    async (query: string) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setLoading(true);
      try {
        const found = (await fetchSuggestions(query, controller.signal)).slice(0, limits.addressResults);
        if (controller.signal.aborted) return;
        setSuggestions(found);
        setActive(-1);
        setOpen(found.length > 0);
        setAnnouncement(
          found.length === 0
            ? ''
            : found.length === 1
              ? '1 adresseforslag'
              : `${found.length} adresseforslag`,
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        // Logged, suggestions cleared, no message to the visitor.
        console.warn('Adresseopslag fejlede', error);
        setSuggestions([]);
        setAnnouncement('');
        close();
      } finally {
        if (request.current === controller) {
          request.current = undefined;
          setLoading(false);
        }
      }
    },
    [fetchSuggestions, close],
  );

  const handleInput = (text: string) => {
    emitted.current = text;
    onChange(text);
    cancelPending();
    if (text.trim().length < limits.addressMinChars) {
      setSuggestions([]);
      setAnnouncement('');
      close();
      return;
    }
    timer.current = setTimeout(() => void lookUp(text.trim()), limits.addressDebounceMs);
  };

  const choose = (index: number) => {
    const chosen = suggestions[index];
    if (!chosen) return;
    cancelPending();
    emitted.current = chosen.tekst;
    onChange(chosen.tekst);
    setSuggestions([]);
    setAnnouncement(`Valgt: ${chosen.tekst}`);
    close();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else {
          setActive((current) => (current + 1) % count);
        }
        break;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(count - 1);
        } else {
          setActive((current) => (current <= 0 ? count - 1 : current - 1));
        }
        break;
      case 'Enter':
        if (open && active >= 0) {
          // Choosing a suggestion must not submit the form.
          event.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        // Also a lookup still on its way: its answer must not open the list again.
        cancelPending();
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const expanded = open && suggestions.length > 0;

  return (
    <div className="relative">
      <input
        {...inputProps}
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-busy={loading || undefined}
        value={value}
        onChange={(event) => handleInput(event.target.value)}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          // A lookup answered after the visitor moved on would open its list over the next fields.
          cancelPending();
          close();
          onBlur?.();
        }}
        className={cn(fieldClass, 'h-12 pr-10', className)}
      />
      {loading ? (
        <Icon
          name="loader-circle"
          data-testid="adresse-spinner"
          className="pointer-events-none absolute top-3.5 right-3 size-5 animate-spin text-brand-600 motion-reduce:animate-none"
        />
      ) : null}
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Adresseforslag"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
      >
        {expanded
          ? suggestions.map((suggestion, index) => (
              <li
                key={`${suggestion.tekst}-${index}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keeps focus in the input, so the choice does not count as leaving the field.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(index)}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'cursor-pointer px-3 py-2.5 text-base text-slate-900',
                  index === active && 'bg-brand-100 text-brand-950',
                )}
              >
                {suggestion.tekst}
              </li>
            ))
          : null}
      </ul>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
