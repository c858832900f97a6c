import { lazy, Suspense } from 'react';
import { useToasts } from '~/components/ui/use-toast';

// Radix Toast is loaded with the first toast, so pages without one don't pay for it.
const ToastViewport = lazy(() => import('~/components/toast-viewport'));

/** The site's toaster. Mounted once in the root layout. */
export function Toaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport toasts={toasts} />
    </Suspense>
  );
}
