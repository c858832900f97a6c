import { Icon } from '~/components/icon';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';
import { fieldClass } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends ComponentProps<'select'> {
  options: readonly SelectOption[];
  /** The empty first choice, e.g. 'Vælg skadetype'. Omit it when a value is always chosen. */
  placeholder?: string;
}

/**
 * A styled native <select>: the phone's own picker, full keyboard and screen-reader support and no
 * JavaScript of its own (a custom listbox would cost all three).
 */
export function Select({ options, placeholder, className, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select className={cn(fieldClass, 'h-12 appearance-none pr-10', className)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Icon
        name="chevron-down"
        className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600"
      />
    </div>
  );
}
