import { Button } from '~/components/ui/button';
import { unsentPhotos } from '~/content/pages/after-send';

/**
 * Photos that could not be uploaded when the form was sent: the form waits and says so, instead
 * of arriving with "Billeder: Ingen". "Prøv igen" sends the form again (the photos with it);
 * "Send uden billederne" sends it with the photos that did arrive.
 */
export function UnsentPhotosAlert({ count, onSendWithout }: { count: number; onSendWithout: () => void }) {
  if (count === 0) return null;
  return (
    <div role="alert" className="grid gap-3 text-sm font-medium text-emergency-800">
      <p>{unsentPhotos.failed(count)}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="outline" size="sm">
          {unsentPhotos.retry}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onSendWithout}>
          {unsentPhotos.sendWithout}
        </Button>
      </div>
    </div>
  );
}
