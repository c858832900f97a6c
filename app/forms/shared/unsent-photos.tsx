import { Icon } from '~/components/icon';
import { Button } from '~/components/ui/button';
import { SubmitButton } from '~/components/ui/submit-button';
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

/**
 * A form's send button while its photos upload: it says the form waits for them, and a status
 * line names the form (`formName`, e.g. 'Anmeldelsen') as sent once they are up.
 */
export function SendWaitingForPhotos(props: {
  label: string;
  formName: string;
  isSubmitting: boolean;
  waitingForPhotos: boolean;
}) {
  const { label, formName, isSubmitting, waitingForPhotos } = props;
  return (
    <div className="grid justify-items-start gap-2">
      <SubmitButton size="lg" busy={isSubmitting} className="w-full sm:w-auto">
        <Icon name="send" />
        {waitingForPhotos ? unsentPhotos.waiting : isSubmitting ? 'Sender...' : label}
      </SubmitButton>
      <p role="status" className="text-sm text-slate-700">
        {waitingForPhotos ? unsentPhotos.waitingNote(formName) : ''}
      </p>
    </div>
  );
}
