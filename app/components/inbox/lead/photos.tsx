import { useEffect, useRef, useState } from 'react';
import { Icon } from '~/components/icon';
import { buttonClasses } from '~/components/ui/button';
import { inboxPagesText } from '~/content/inbox-pages';
import { cn } from '~/lib/cn';
import { staffApi } from '../api';
import { formatBytes, formatDateTime, isoDateTime } from '../shared/format';
import { LiveMessage } from '../shared/live-message';
import type { LeadImage } from '../../../../domain/staff-api/leads';

const text = inboxPagesText.lead;

/**
 * The server signs each photo's link for 5 minutes (server/inbox/leads.ts). Links older
 * than this are renewed before they are used: when a photo is opened or downloaded, or when the
 * browser fails to load one.
 */
export const photoLinkRenewAfterMs = 4 * 60_000;

/** True when links signed at `signedAt` (ms) may have run out, or when that time is unknown. */
function isStale(signedAt: number | null): boolean {
  return signedAt === null || Date.now() - signedAt > photoLinkRenewAfterMs;
}

/**
 * A link this young that fails has not run out: the photo itself cannot be had, and a new link
 * would not help (nor should every broken photo ask the server again).
 */
const freshLinkMs = 60_000;

function mayHaveExpired(signedAt: number | null): boolean {
  return signedAt !== null && Date.now() - signedAt > freshLinkMs;
}

/** Fresh signed links for the lead's photos (the lead's own answer carries them). */
async function freshImages(leadId: string): Promise<LeadImage[]> {
  const { images } = await staffApi.leadPhotos(leadId);
  return images;
}

/**
 * The lead's photos as thumbnails; one opens at full size in a modal <dialog>. Links that have
 * run out are renewed, and a photo that still cannot be loaded says so in Danish.
 */
export function Photos({
  leadId,
  images: loaded,
  className,
}: {
  leadId: string;
  images: LeadImage[];
  className?: string;
}) {
  const [images, setImages] = useState(loaded);
  const [shownLoaded, setShownLoaded] = useState(loaded);
  /** When the links shown were signed (about when they arrived). */
  const signedAt = useRef<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [message, setMessage] = useState<string | null>(null);
  const renewing = useRef<Promise<LeadImage[] | null> | null>(null);
  /** Ids of photos already tried again with a fresh link since they last failed. */
  const retried = useRef(new Set<string>());

  // The lead was loaded again (after a change): its links are new.
  if (shownLoaded !== loaded) {
    setShownLoaded(loaded);
    setImages(loaded);
  }
  useEffect(() => {
    signedAt.current = Date.now();
  }, [loaded]);

  const renew = () => {
    renewing.current ??= freshImages(leadId)
      .then((fresh) => {
        setImages(fresh);
        signedAt.current = Date.now();
        return fresh;
      })
      .catch(() => null)
      .finally(() => {
        renewing.current = null;
      });
    return renewing.current;
  };

  const fail = (id: string) => {
    setFailed((current) => new Set(current).add(id));
    setMessage(text.photoFailed);
  };

  /** An <img> could not load: once its link may have run out, try once more with a fresh one; then say so. */
  const onImageError = async (image: LeadImage) => {
    if (retried.current.has(image.id) || !mayHaveExpired(signedAt.current)) return fail(image.id);
    retried.current.add(image.id);
    const fresh = await renew();
    if (!fresh?.some((candidate) => candidate.id === image.id && candidate.url !== image.url)) fail(image.id);
  };

  const onImageLoad = (image: LeadImage) => {
    retried.current.delete(image.id);
    if (!failed.has(image.id)) return;
    setFailed((current) => {
      const next = new Set(current);
      next.delete(image.id);
      return next;
    });
  };

  /** "Prøv igen": fresh links first, then the photo again (with its old link it would fail at once). */
  const retry = async (image: LeadImage) => {
    setMessage(null);
    if (!(await renew())) return fail(image.id);
    retried.current.delete(image.id);
    setFailed((current) => {
      const next = new Set(current);
      next.delete(image.id);
      return next;
    });
  };

  const openPhoto = async (index: number) => {
    if (isStale(signedAt.current)) await renew();
    setOpen(index);
  };

  /** A download with a link that may have run out: renew it first, then start the download. */
  const download = async (image: LeadImage) => {
    const fresh = isStale(signedAt.current) ? await renew() : images;
    const current = fresh?.find((candidate) => candidate.id === image.id);
    if (!current) return fail(image.id);
    const link = document.createElement('a');
    link.href = current.url;
    link.download = current.originalName ?? '';
    document.body.append(link);
    link.click();
    link.remove();
  };

  // Back to a tab left open for a while: renew the links before staff look at the photos.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && isStale(signedAt.current)) void renew();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  });

  return (
    <section
      aria-labelledby="photos-heading"
      className={cn(
        'grid content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 print:break-inside-avoid print:border-0 print:p-0',
        className,
      )}
    >
      <h2 id="photos-heading" className="text-xl font-bold text-brand-950 print:text-base">
        {text.photosHeading} ({images.length})
      </h2>
      <LiveMessage message={message} tone="error" className="print:hidden" />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 print:grid-cols-6 print:gap-2">
        {images.map((image, index) => (
          <li key={image.id} className="grid min-w-0 content-start gap-1">
            {failed.has(image.id) ? (
              <div className="grid aspect-square content-center justify-items-center gap-2 rounded-lg border border-emergency-700 bg-emergency-50 p-2 text-center text-sm text-emergency-900">
                <p>{text.photoFailedShort}</p>
                <button
                  type="button"
                  onClick={() => retry(image)}
                  className={buttonClasses('outline', 'sm', 'bg-white print:hidden')}
                  aria-label={`${text.retryPhoto}: ${text.photoLabel(index + 1, images.length, image.originalName)}`}
                >
                  {text.retryPhoto}
                </button>
              </div>
            ) : (
              <button
                type="button"
                onClick={() => openPhoto(index)}
                aria-label={`${text.openPhoto(index + 1)}${image.originalName ? `: ${image.originalName}` : ''}`}
                className="block overflow-hidden rounded-lg border border-slate-300 bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                <img
                  src={image.url}
                  alt=""
                  onError={() => onImageError(image)}
                  onLoad={() => onImageLoad(image)}
                  className="aspect-square w-full object-cover"
                />
              </button>
            )}
            <p className="truncate text-sm text-slate-700 print:text-xs">
              {image.originalName ? `${image.originalName} · ` : ''}
              {formatBytes(image.bytes)}
            </p>
            {image.addedLaterAt ? (
              <p className="text-sm font-semibold text-brand-900 print:text-xs">
                {text.addedLater}{' '}
                <time dateTime={isoDateTime(image.addedLaterAt)} className="font-normal text-slate-700">
                  {formatDateTime(image.addedLaterAt)}
                </time>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <PhotoViewer
        images={images}
        index={open}
        failed={failed}
        onClose={() => setOpen(null)}
        onError={onImageError}
        onLoad={onImageLoad}
        onDownload={download}
      />
    </section>
  );
}

/** A photo at full size in a modal <dialog> (Escape and "Luk" close it; focus returns to the thumbnail). */
function PhotoViewer({
  images,
  index,
  failed,
  onClose,
  onError,
  onLoad,
  onDownload,
}: {
  images: LeadImage[];
  index: number | null;
  failed: ReadonlySet<string>;
  onClose: () => void;
  onError: (image: LeadImage) => void;
  onLoad: (image: LeadImage) => void;
  onDownload: (image: LeadImage) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const image = index === null ? undefined : images[index];

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (image && !dialog.open) dialog.showModal();
    if (!image && dialog.open) dialog.close();
  }, [image]);

  const label = image && index !== null ? text.photoLabel(index + 1, images.length, image.originalName) : '';
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="photo-viewer-title"
      className="m-auto max-h-[calc(100dvh-1rem)] w-fit max-w-[calc(100vw-1rem)] rounded-2xl bg-white p-4 backdrop:bg-slate-950/70"
    >
      {image ? (
        <div className="grid gap-3">
          <div className="flex items-start justify-between gap-4">
            <h2
              id="photo-viewer-title"
              className="min-w-0 text-lg font-semibold wrap-anywhere text-slate-900"
            >
              {label}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              aria-label={text.closePhoto}
              className="rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              <Icon name="x" className="size-6" />
            </button>
          </div>
          {failed.has(image.id) ? (
            <p
              role="alert"
              className="rounded-lg border border-emergency-700 bg-emergency-50 px-4 py-3 text-emergency-900"
            >
              {text.photoFailed}
            </p>
          ) : (
            <img
              src={image.url}
              alt={label}
              onError={() => onError(image)}
              onLoad={() => onLoad(image)}
              className="mx-auto max-h-[calc(100dvh-10rem)] w-auto max-w-full object-contain"
            />
          )}
          <button
            type="button"
            onClick={() => onDownload(image)}
            className={buttonClasses('outline', 'sm', 'justify-self-start')}
          >
            <Icon name="download" />
            {text.downloadPhoto}
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
