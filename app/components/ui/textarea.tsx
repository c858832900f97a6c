import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';
import { fieldClass } from './input';

/** A multi-line text field. */
export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClass, 'min-h-28 py-3', className)} {...props} />;
}
