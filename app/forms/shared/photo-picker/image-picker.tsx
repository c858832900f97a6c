import { Icon } from '~/components/icon';
import { useId, useRef, useState, type DragEvent } from 'react';
import { FieldError } from '~/components/ui/form-field';
import { cn } from '~/lib/cn';
import { imagePickerMessages, selectImages } from './select-images';
import type { PhotoUploads } from './use-photo-uploads';

export interface ImagePickerProps {
  /** The form's photos and what can be done with them (use-photo-uploads.ts). */
  uploads: PhotoUploads;
  /** The form's limit on photos (the server holds the form's kind to the same). */
  maxImages: number;
  /** No adding, retrying or removing (while the form is being sent). */
  disabled?: boolean;
  /** No adding (while the form waits for uploads: removing a slow photo is still possible). */
  addingDisabled?: boolean;
  /** The file input's id (the label and error summary point here). */
  id?: string;
  /** A problem with the photos found by the server; shown under the picker. */
  error?: string;
}

/** '3 af 10 billeder valgt, 1 uploades': what the picker holds, for everyone (a live region). */
function statusText(photos: PhotoUploads['photos'], maxImages: number): string {
  if (photos.length === 0) return '';
  const uploading = photos.filter((photo) => photo.status === 'uploading').length;
  const failed = photos.filter((photo) => photo.status === 'failed').length;
  return [
    `${photos.length} af ${maxImages} billeder valgt`,
    ...(uploading ? [`${uploading} uploades`] : []),
    ...(failed ? [`${failed} kunne ikke uploades`] : []),
  ].join(', ');
}

/**
 * The forms' photo picker: drop zone with a drag-over highlight, a file input that stays
 * keyboard- and screen-reader-usable, thumbnails that upload at once and then read 'Klar til
 * email', a remove button per photo, a retry button for a failed upload, and Danish messages for
 * refused files.
 */
export function ImagePicker({ uploads, maxImages, disabled, addingDisabled, id, error }: ImagePickerProps) {
  const { photos } = uploads;
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = error ? `${inputId}-error` : undefined;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const full = photos.length >= maxImages;
  const blocked = disabled || addingDisabled;

  function addFiles(files: File[]) {
    if (blocked || files.length === 0) return;
    const { accepted, refused } = selectImages(files, photos.length, maxImages);
    if (accepted.length) uploads.add(accepted);
    setProblems(refused);
  }

  function remove(index: number, photoId: string) {
    uploads.remove(photoId);
    setProblems([]);
    // The removed button took focus with it: move to the photo now in its place, or back to the picker.
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
      const target = buttons?.[Math.min(index, (buttons?.length ?? 0) - 1)];
      (target ?? inputRef.current)?.focus();
    });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragOver(false);
    addFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="grid gap-3">
      <div
        data-testid="image-drop-zone"
        data-drag-over={dragOver || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!blocked) setDragOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (!blocked) setDragOver(true);
        }}
        onDragLeave={(event) => {
          // Leaving for a child element is not leaving the zone.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
        }}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors',
          // Not dimmed while blocked: its hint must stay readable; the disabled button says it.
          dragOver ? 'border-brand-600 bg-brand-50' : 'border-slate-400 bg-slate-50',
        )}
      >
        <Icon name="image-plus" className="size-8 text-brand-700" />
        <p className="text-sm text-slate-700">
          {dragOver ? 'Slip billederne her' : 'Træk billeder hertil, eller'}
        </p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={blocked || full}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Clear it so choosing the same file again after removing it still fires a change.
            event.target.value = '';
            addFiles(files);
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex h-11 cursor-pointer items-center rounded-lg border-2 border-brand-700 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
            (blocked || full) && 'cursor-not-allowed opacity-60',
          )}
        >
          Vælg billeder
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {imagePickerMessages.limits(maxImages)}
        </p>
      </div>
      <FieldError id={errorId} message={error} />

      <p role="status" className="text-sm text-slate-700">
        {statusText(photos, maxImages)}
      </p>

      <div role="alert" className="text-sm font-medium text-emergency-700">
        {problems.length > 0 ? (
          <ul className="grid gap-1">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>

      {photos.length > 0 ? (
        <ul
          ref={listRef}
          aria-label="Valgte billeder"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
        >
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className={cn(
                'relative overflow-hidden rounded-lg border bg-white',
                photo.status === 'failed' ? 'border-emergency-600' : 'border-slate-300',
              )}
            >
              <img
                src={photo.previewUrl}
                alt={`Billede ${index + 1}: ${photo.file.name}`}
                width={160}
                height={120}
                className={cn('aspect-[4/3] w-full object-cover', photo.status !== 'done' && 'opacity-60')}
              />
              {photo.status === 'done' ? (
                <p className="px-2 py-1.5 text-xs font-medium text-brand-800">Klar til email</p>
              ) : photo.status === 'uploading' ? (
                <p className="flex items-center gap-1.5 px-2 py-1.5 text-xs text-slate-700">
                  <Icon name="loader-circle" className="size-3.5 animate-spin" />
                  Uploader...
                </p>
              ) : (
                <div className="grid gap-1.5 px-2 py-1.5">
                  <p className="text-xs font-medium text-emergency-700">{photo.error}</p>
                  <button
                    type="button"
                    aria-label={`Prøv igen med billede ${index + 1}`}
                    disabled={disabled}
                    onClick={() => uploads.retry(photo.id)}
                    className="justify-self-start rounded-md border border-brand-700 px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
                  >
                    Prøv igen
                  </button>
                </div>
              )}
              <button
                type="button"
                data-remove
                aria-label={`Fjern billede ${index + 1}`}
                disabled={disabled}
                onClick={() => remove(index, photo.id)}
                className="absolute top-1.5 right-1.5 rounded-full bg-slate-900/80 p-1.5 text-white hover:bg-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
              >
                <Icon name="x" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
