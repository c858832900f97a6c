import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadImage, uploadMessages } from '../uploads';

export interface PhotoUpload {
  id: string;
  file: File;
  /** A local object URL for the thumbnail; revoked when the photo is removed. */
  previewUrl: string;
  status: 'uploading' | 'done' | 'failed';
  /** Where it was uploaded, without the signature (once done): what the lead's `images` hold. */
  url?: string;
  /** Why the upload failed, in Danish. */
  error?: string;
}

export interface PhotoUploads {
  photos: readonly PhotoUpload[];
  /** Adds photos (already checked by the picker) and starts uploading each. */
  add(files: readonly File[]): void;
  /** Stops the photo's upload if it is running, and forgets it. */
  remove(id: string): void;
  /** Uploads a failed photo again (to a new upload URL: each is single-use). */
  retry(id: string): void;
  /** Waits for the uploads in progress; resolves with the finished photos' URLs, in their order. */
  finishedUrls(): Promise<string[]>;
  /**
   * For sending: tries the failed photos once more (unless sending without them), waits for every upload, and resolves with the
   * finished photos' URLs and how many still failed (the form says so instead of leaving them out).
   */
  sendable(retryFailed: boolean): Promise<{ urls: string[]; failed: number }>;
}

let nextId = 0;

/**
 * A form's photos in the photo picker: each uploads as soon as it is picked, through a signed,
 * single-use upload URL, so the form itself carries only the URLs.
 */
export function usePhotoUploads(upload: typeof uploadImage = uploadImage): PhotoUploads {
  const [photos, setPhotos] = useState<readonly PhotoUpload[]>([]);
  // The list as it is now: code that runs after an await must not read an earlier render's list.
  const latest = useRef<readonly PhotoUpload[]>([]);
  const running = useRef(new Map<string, { settled: Promise<void>; controller: AbortController }>());

  const commit = useCallback((next: readonly PhotoUpload[]) => {
    latest.current = next;
    setPhotos(next);
  }, []);
  const update = useCallback(
    (id: string, changes: Partial<PhotoUpload>) =>
      commit(latest.current.map((photo) => (photo.id === id ? { ...photo, ...changes } : photo))),
    [commit],
  );

  const start = useCallback(
    (photo: PhotoUpload) => {
      const controller = new AbortController();
      const settled = upload(photo.file, controller.signal)
        .then(
          (url) => {
            if (!controller.signal.aborted) update(photo.id, { status: 'done', url, error: undefined });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const message = error instanceof Error && error.message ? error.message : uploadMessages.network;
            update(photo.id, { status: 'failed', error: message });
          },
        )
        .finally(() => {
          if (running.current.get(photo.id)?.controller === controller) running.current.delete(photo.id);
        });
      running.current.set(photo.id, { settled, controller });
    },
    [update, upload],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const added = files.map((file): PhotoUpload => ({
        id: `photo-${++nextId}`,
        file,
        previewUrl: URL.createObjectURL(file),
        status: 'uploading',
      }));
      commit([...latest.current, ...added]);
      for (const photo of added) start(photo);
    },
    [commit, start],
  );

  const remove = useCallback(
    (id: string) => {
      running.current.get(id)?.controller.abort();
      running.current.delete(id);
      const photo = latest.current.find((item) => item.id === id);
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      commit(latest.current.filter((item) => item.id !== id));
    },
    [commit],
  );

  const retry = useCallback(
    (id: string) => {
      const photo = latest.current.find((item) => item.id === id);
      if (!photo || photo.status !== 'failed') return;
      update(id, { status: 'uploading', error: undefined });
      start(photo);
    },
    [start, update],
  );

  const finishedUrls = useCallback(async () => {
    // Photos removed or retried meanwhile change what is running: look again until nothing is.
    for (;;) {
      const pending = latest.current.flatMap((photo) => {
        const task = photo.status === 'uploading' ? running.current.get(photo.id) : undefined;
        return task ? [task.settled] : [];
      });
      if (pending.length === 0) break;
      await Promise.allSettled(pending);
    }
    return latest.current.flatMap((photo) => (photo.status === 'done' && photo.url ? [photo.url] : []));
  }, []);

  const sendable = useCallback(
    async (retryFailed: boolean) => {
      if (retryFailed) for (const photo of latest.current) if (photo.status === 'failed') retry(photo.id);
      const urls = await finishedUrls();
      return { urls, failed: latest.current.filter((photo) => photo.status === 'failed').length };
    },
    [finishedUrls, retry],
  );

  useEffect(() => {
    const tasks = running.current;
    const list = latest;
    return () => {
      for (const task of tasks.values()) task.controller.abort();
      tasks.clear();
      for (const photo of list.current) URL.revokeObjectURL(photo.previewUrl);
    };
  }, []);

  return { photos, add, remove, retry, finishedUrls, sendable };
}
