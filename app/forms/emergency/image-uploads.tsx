import { Icon } from '~/components/icon';
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { unsentPhotos } from '~/content/pages/after-send';
import { limits } from '../../../domain/constants';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/form-field';
import { toast } from '~/components/ui/use-toast';
import { formatBytes } from './format-bytes';
import type { UploadedImage, UploadWidget } from './upload-widget';

export type { UploadedImage };

export interface ImageUploadsProps {
  images: readonly UploadedImage[];
  /** A state setter (updater functions are used, so callbacks from the widget never see stale lists). */
  onChange: Dispatch<SetStateAction<UploadedImage[]>>;
  /** The button's id (the error summary links to it). */
  id?: string;
  describedBy?: string;
  /** A problem with the photos (e.g. one the server did not recognise); shown under the button. */
  error?: string;
  /** Photos chosen before the widget was there (in the form's plain file input): the dialog opens with them. */
  chosenBefore?: readonly File[];
  /** Set to the photos not yet uploaded, so sending the form can upload them first. */
  pendingRef?: RefObject<PendingPhotos | null>;
}

/** The photos chosen in the dialog but not uploaded (closed with ✕ before "Upload"). */
export type PendingPhotos = Pick<UploadWidget, 'pendingCount' | 'uploadPending'>;

const noFiles: readonly File[] = [];

/**
 * The emergency form's image picker: a button that loads the upload dialog on first use (Uppy is
 * big; no page pays for it until someone wants to attach photos) and the list of uploaded images.
 */
export function ImageUploads({
  images,
  onChange,
  id,
  describedBy,
  error,
  chosenBefore = noFiles,
  pendingRef,
}: ImageUploadsProps) {
  const widget = useRef<UploadWidget | null>(null);
  const [loading, setLoading] = useState(false);
  // Chosen but not uploaded: said under the button, and uploaded when the form is sent.
  const [pending, setPending] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => () => widget.current?.destroy(), []);

  const open = async (files: readonly File[] = []) => {
    if (widget.current) {
      widget.current.add(files);
      widget.current.open();
      return;
    }
    setLoading(true);
    try {
      const { createUploadWidget } = await import('./upload-widget');
      widget.current ??= createUploadWidget({
        maxFiles: limits.emergencyMaxImages,
        maxFileSize: limits.maxImageBytes,
        onUploaded: (added) => {
          // Only this batch's images are new; earlier ones are already listed.
          onChange((current) => [
            ...current,
            ...added.filter((image) => !current.some((c) => c.id === image.id)),
          ]);
          // Uppy's 'complete' lists the files of this upload run only.
          const fresh = added;
          toast({
            title: 'Billeder uploadet',
            description:
              fresh.length === 1
                ? '1 billede er uploadet og sendes med din henvendelse.'
                : `${fresh.length} billeder er uploadet og sendes med din henvendelse.`,
          });
        },
        onRemoved: (id) => onChange((current) => current.filter((image) => image.id !== id)),
        onPendingChange: (count, isOpen) => {
          setPending(count);
          setDialogOpen(isOpen);
        },
      });
      if (pendingRef) pendingRef.current = widget.current;
      widget.current.add(files);
      widget.current.open();
    } catch (error) {
      console.error('Upload-værktøjet kunne ikke indlæses', error);
      toast({
        title: 'Der opstod en fejl',
        description: 'Billedværktøjet kunne ikke indlæses. Prøv igen, eller send henvendelsen uden billeder.',
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (chosenBefore.length > 0) void open(chosenBefore);
    // Only for a new set of photos handed over; `open` is recreated on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenBefore]);

  const remove = (image: UploadedImage) => {
    onChange((current) => current.filter((item) => item.id !== image.id));
    // The widget revokes the preview URL and frees the slot for another image.
    widget.current?.remove(image.id);
  };

  const full = images.length >= limits.emergencyMaxImages;
  const errorId = error && id ? `${id}-error` : undefined;

  return (
    <div className="grid gap-3">
      <div>
        <Button
          id={id}
          type="button"
          variant="outline"
          onClick={() => void open()}
          disabled={loading}
          aria-describedby={[describedBy, errorId].filter(Boolean).join(' ') || undefined}
          aria-haspopup="dialog"
        >
          {loading ? <Icon name="loader-circle" className="animate-spin" /> : <Icon name="image-plus" />}
          {full ? 'Se vedhæftede billeder' : images.length > 0 ? 'Tilføj flere billeder' : 'Vedhæft billeder'}
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
      <div role="status" className="text-sm font-medium text-emergency-800">
        {pending > 0 && !dialogOpen ? (
          <p className="flex flex-wrap items-center gap-3">
            {unsentPhotos.waiting(pending)}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void widget.current?.uploadPending()}
            >
              {unsentPhotos.upload}
            </Button>
          </p>
        ) : null}
      </div>
      {images.length > 0 ? (
        <ul aria-label="Uploadede billeder" className="grid gap-2 sm:grid-cols-3">
          {images.map((image) => (
            <li
              key={image.id}
              className="flex items-center gap-3 rounded-lg border border-slate-300 bg-white p-2"
            >
              {image.previewUrl ? (
                <img
                  src={image.previewUrl}
                  alt=""
                  width={48}
                  height={48}
                  className="size-12 shrink-0 rounded object-cover"
                />
              ) : null}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{image.name}</span>
                <span className="block text-xs text-slate-600">{formatBytes(image.size)}</span>
              </span>
              <button
                type="button"
                onClick={() => remove(image)}
                aria-label={`Fjern ${image.name}`}
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-emergency-50 hover:text-emergency-800"
              >
                <Icon name="x" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
