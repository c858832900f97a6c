import { useState } from 'react';
import type { PhotoUploads } from './use-photo-uploads';

export interface PhotosForSending {
  /** Sending waits for photos still uploading (the form says so, and a slow one can be removed). */
  waitingForPhotos: boolean;
  /** Photos that still failed when the form was sent (UnsentPhotosAlert says so). */
  unsentCount: number;
  /**
   * The finished photos' URLs to send with the form, once every upload has settled; failed ones
   * are tried once more first. `null` when some still failed and the visitor has not chosen to
   * send without them: the form then waits instead of arriving without its photos.
   */
  urlsToSend(withoutUnsent: boolean): Promise<string[] | null>;
}

/** What a form with the photo picker does with its photos when it is sent. */
export function usePhotosForSending(uploads: PhotoUploads): PhotosForSending {
  const [waitingForPhotos, setWaitingForPhotos] = useState(false);
  const [unsentCount, setUnsentCount] = useState(0);
  const urlsToSend = async (withoutUnsent: boolean) => {
    setWaitingForPhotos(uploads.photos.some((photo) => photo.status !== 'done'));
    const { urls, failed } = await uploads.sendable(!withoutUnsent);
    setWaitingForPhotos(false);
    setUnsentCount(withoutUnsent ? 0 : failed);
    return failed > 0 && !withoutUnsent ? null : urls;
  };
  return { waitingForPhotos, unsentCount, urlsToSend };
}
