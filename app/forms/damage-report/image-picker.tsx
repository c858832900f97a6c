import { Icon } from '~/components/icon';
import { useId, useRef, useState, type DragEvent } from 'react';
import { limits } from '../../../domain/constants';
import { cn } from '~/lib/cn';
import { imagePickerMessages, selectImages, type PickedImage } from './read-images';

export interface ImagePickerProps {
  images: readonly PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Disables adding and removing (while the form is sending). */
  disabled?: boolean;
  /** The file input's id (the label and error summary point here). */
  id?: string;
  /** Told when reading files starts and ends, so the form can hold its submit meanwhile. */
  onProcessingChange?: (processing: boolean) => void;
}

/**
 * The report form's image picker (SPEC §4): drop zone with a drag-over highlight, a file input that
 * stays keyboard- and screen-reader-usable, a processing state while files are read, thumbnails
 * marked 'Klar til email', a remove button per image, and Danish messages for refused files.
 */
export function ImagePicker({ images, onChange, disabled, id, onProcessingChange }: ImagePickerProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const full = images.length >= limits.reportMaxImages;
  const blocked = disabled || processing;

  async function addFiles(files: File[]) {
    if (blocked || files.length === 0) return;
    setProcessing(true);
    onProcessingChange?.(true);
    setProblems([]);
    try {
      const { accepted, refused } = await selectImages(files, images.length);
      if (accepted.length) onChange([...images, ...accepted]);
      setProblems(refused);
    } catch {
      setProblems([imagePickerMessages.readFailed]);
    } finally {
      setProcessing(false);
      onProcessingChange?.(false);
    }
  }

  function remove(index: number) {
    const next = images.filter((_, i) => i !== index);
    onChange(next);
    setProblems([]);
    // The removed button took focus with it: move to the image now in its place, or back to the picker.
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
      const target = buttons?.[Math.min(index, (buttons?.length ?? 0) - 1)];
      (target ?? inputRef.current)?.focus();
    });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragOver(false);
    void addFiles(Array.from(event.dataTransfer.files));
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
          dragOver ? 'border-brand-600 bg-brand-50' : 'border-slate-400 bg-slate-50',
          blocked && 'opacity-70',
        )}
      >
        {processing ? (
          <Icon name="loader-circle" className="size-8 animate-spin text-brand-700" />
        ) : (
          <Icon name="image-plus" className="size-8 text-brand-700" />
        )}
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
          aria-describedby={hintId}
          className="peer sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Clear it so choosing the same file again after removing it still fires a change.
            event.target.value = '';
            void addFiles(files);
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
          Højst {limits.reportMaxImages} billeder på op til {limits.maxImageBytes / 1024 / 1024} MB hver.
        </p>
      </div>

      <p role="status" className="text-sm text-slate-700">
        {processing
          ? 'Behandler billeder...'
          : images.length > 0
            ? `${images.length} af ${limits.reportMaxImages} billeder valgt`
            : ''}
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

      {images.length > 0 ? (
        <ul
          ref={listRef}
          aria-label="Valgte billeder"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
        >
          {images.map((image, index) => (
            <li
              key={image.id}
              className="relative overflow-hidden rounded-lg border border-slate-300 bg-white"
            >
              <img
                src={image.dataUrl}
                alt={`Billede ${index + 1}: ${image.name}`}
                width={160}
                height={120}
                className="aspect-[4/3] w-full object-cover"
              />
              <p className="px-2 py-1.5 text-xs font-medium text-brand-800">Klar til email</p>
              <button
                type="button"
                data-remove
                aria-label={`Fjern billede ${index + 1}`}
                disabled={disabled}
                onClick={() => remove(index)}
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
