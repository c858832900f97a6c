import * as ToastPrimitive from '@radix-ui/react-toast';
import { Icon } from '~/components/icon';
import { ui } from '../../domain/constants';
import { dismissToast, type ToastItem } from '~/components/ui/use-toast';
import { cn } from '~/lib/cn';

/** One toast at a time, 5 s, swipe right past 50 px to dismiss, F8 focuses it. */
export default function ToastViewport({ toasts }: { toasts: readonly ToastItem[] }) {
  return (
    <ToastPrimitive.Provider
      duration={ui.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={ui.toastSwipeThresholdPx}
      label="Meddelelse"
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            t.variant === 'destructive'
              ? 'border-emergency-800 bg-emergency-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Luk besked"
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <Icon name="x" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Meddelelser ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
