import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Icon } from '~/components/icon';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/cn';

/**
 * A modal dialog (Radix: focus trap, Escape, focus returns to the opener, background inert).
 *
 *   <Dialog open={open} onOpenChange={setOpen}>
 *     <DialogContent title="Få e-bogen" description="Udfyld formularen …">…</DialogContent>
 *   </Dialog>
 */
export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  description?: ReactNode;
}

export function DialogContent({ title, description, className, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
      <DialogPrimitive.Content
        // Without a description Radix would warn; pass undefined explicitly then.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
          className,
        )}
        {...props}
      >
        <div className="grid gap-1.5 pr-8">
          <DialogPrimitive.Title className="text-xl font-semibold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label="Luk"
          className="absolute top-4 right-4 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-500"
        >
          <Icon name="x" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
