/**
 * The image upload dialog of the emergency form: Uppy's Dashboard in a modal, in Danish, putting
 * each image to a signed, single-use URL from POST /api/objects/upload (../shared/uploads.ts).
 *
 * LOADED ONLY ON DEMAND: image-uploads.tsx imports this module with import() when the visitor
 * opens the picker, so neither Uppy nor its CSS is in any page's initial JavaScript.
 */
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { requestUploadUrl, uploadMessages, uploadRefusalMessage } from '../shared/uploads';
import { danishUppyLocale } from './uppy-danish';

export interface UploadedImage {
  /** Uppy's file id. */
  id: string;
  name: string;
  size: number;
  /** Where the image was PUT, without the signature: this goes into the submission's `images`. */
  uploadURL: string;
  /** A local object URL for a thumbnail; revoke it when the image is removed. */
  previewUrl: string;
}

export interface UploadWidgetOptions {
  maxFiles: number;
  maxFileSize: number;
  /** After a batch finishes: the images uploaded in it. */
  onUploaded: (images: UploadedImage[]) => void;
  /** An image was removed inside the dialog. */
  onRemoved: (id: string) => void;
  /** The number of photos chosen but not uploaded (see `pendingCount`) or the dialog's openness changed. */
  onPendingChange?: (pending: number, dialogOpen: boolean) => void;
}

export interface UploadWidget {
  open(): void;
  /** Puts files in the dialog as if chosen there (refused ones are said in the dialog). */
  add(files: readonly File[]): void;
  remove(id: string): void;
  /** Photos in the dialog not uploaded: chosen without pressing "Upload", or failed. */
  pendingCount(): number;
  /**
   * Uploads the pending photos (and retries failed ones). Resolves with every uploaded image, in the
   * dialog's order, and how many are still not uploaded.
   */
  uploadPending(): Promise<{ images: UploadedImage[]; notUploaded: number }>;
  destroy(): void;
}

/** The Danish reason an upload PUT failed, from Uppy's error: the refusal, or a network hint. */
function danishUploadError(error: unknown): string | null {
  const failure = error as {
    body?: unknown;
    status?: unknown;
    request?: XMLHttpRequest | null;
    isNetworkError?: boolean;
  } | null;
  // S3ServiceError carries the answer's status and body; a NetworkError its XMLHttpRequest.
  const status = typeof failure?.status === 'number' ? failure.status : (failure?.request?.status ?? 0);
  const body = typeof failure?.body === 'string' ? failure.body : (failure?.request?.responseText ?? '');
  if (status >= 400) return uploadRefusalMessage(status, body);
  if (failure?.isNetworkError) return uploadMessages.network;
  return null;
}

/**
 * Uppy's Dashboard leaves two accessibility gaps (found by axe): its dialog has no accessible
 * name, and each file's role=listitem sits in an unroled row inside the role=list. Patched in the
 * DOM after each render; Preact leaves attributes it does not manage alone.
 */
function patchDashboardAccessibility(root: ParentNode): void {
  const dialog = root.querySelector('.uppy-Dashboard-inner');
  if (dialog && !dialog.hasAttribute('aria-label') && !dialog.hasAttribute('aria-labelledby')) {
    dialog.setAttribute('aria-label', 'Vedhæft billeder af skaden');
  }
  for (const list of root.querySelectorAll('.uppy-Dashboard-files')) {
    const items = [...list.querySelectorAll('[role="listitem"]')];
    const rows = new Set(
      items
        .map((item) => item.parentElement)
        .filter((row): row is HTMLElement => row !== null && row !== list),
    );
    if (rows.size === 0) continue;
    for (const row of rows) row.setAttribute('role', 'list');
    list.setAttribute('role', 'none');
  }
}

export function createUploadWidget(options: UploadWidgetOptions): UploadWidget {
  const previews = new Map<string, string>();
  const uppy = new Uppy({
    id: 'akut-billeder',
    autoProceed: false,
    locale: danishUppyLocale,
    restrictions: {
      maxNumberOfFiles: options.maxFiles,
      maxFileSize: options.maxFileSize,
      allowedFileTypes: ['image/*'],
    },
  })
    .use(Dashboard, {
      inline: false,
      // Inside <main>, so the dialog's content is within the page's landmarks (axe 'region').
      target: document.querySelector('main') ?? 'body',
      closeModalOnClickOutside: true,
      disablePageScrollWhenModalOpen: true,
      proudlyDisplayPoweredByUppy: false,
      showRemoveButtonAfterComplete: true,
      hideProgressDetails: false,
      theme: 'light',
      note: `Højst ${options.maxFiles} billeder, hvert på højst ${Math.round(options.maxFileSize / 1024 / 1024)} MB.`,
    })
    .use(AwsS3, {
      shouldUseMultipart: false,
      limit: options.maxFiles,
      // The key names the file, so the upload URL request can carry the file's name on the device.
      generateObjectKey: (file) => file.id,
      async signRequest(request) {
        if (request.method !== 'PUT') throw new Error(uploadMessages.noUploadUrl);
        const url = await requestUploadUrl(
          'contentType' in request && request.contentType ? request.contentType : 'application/octet-stream',
          uppy.getFile(request.key)?.name,
          uppy.getFile(request.key)?.size ?? undefined,
        );
        return { url };
      },
    });

  const root = document.querySelector('main') ?? document.body;
  const observer = new MutationObserver(() => patchDashboardAccessibility(root));
  observer.observe(root, { childList: true, subtree: true });

  const dashboard = () =>
    uppy.getPlugin('Dashboard') as unknown as
      { openModal(): Promise<void>; closeModal(): unknown } | undefined;

  uppy.on('upload-error', (file, error) => {
    const message = danishUploadError(error);
    if (!file || !message) return;
    // Replace Uppy's English network-error text with ours.
    uppy.setFileState(file.id, { error: message });
    uppy.info(
      { message: uppy.i18n('failedToUpload', { file: file.name ?? '' }), details: message },
      'error',
      8000,
    );
  });

  uppy.on('file-removed', (file) => {
    const preview = previews.get(file.id);
    if (preview) URL.revokeObjectURL(preview);
    previews.delete(file.id);
    options.onRemoved(file.id);
  });

  type UppyFile = ReturnType<typeof uppy.getFiles>[number];
  const imageOf = (file: UppyFile): UploadedImage | null => {
    const uploadURL = file.response?.uploadURL;
    if (!uploadURL) return null;
    let previewUrl = previews.get(file.id);
    if (!previewUrl && file.data instanceof Blob) {
      previewUrl = URL.createObjectURL(file.data);
      previews.set(file.id, previewUrl);
    }
    return {
      id: file.id,
      name: file.name ?? 'billede',
      size: file.size ?? 0,
      uploadURL,
      previewUrl: previewUrl ?? '',
    };
  };
  const pendingCount = () => uppy.getFiles().filter((file) => !file.response?.uploadURL).length;
  let dialogOpen = false;
  const pendingChanged = () => options.onPendingChange?.(pendingCount(), dialogOpen);
  for (const event of ['file-added', 'file-removed', 'upload-error'] as const) uppy.on(event, pendingChanged);
  uppy.on('dashboard:modal-open', () => {
    dialogOpen = true;
    pendingChanged();
  });
  uppy.on('dashboard:modal-closed', () => {
    dialogOpen = false;
    pendingChanged();
  });

  uppy.on('complete', (result) => {
    const images = (result.successful ?? []).flatMap((file) => imageOf(file) ?? []);
    if (images.length > 0) options.onUploaded(images);
    pendingChanged();
    // The dialog closes when the uploads complete (kept open if some failed, to retry).
    if ((result.failed?.length ?? 0) === 0 && images.length > 0) void dashboard()?.closeModal();
  });

  return {
    open() {
      void dashboard()?.openModal();
    },
    add(files) {
      if (files.length === 0) return;
      // addFiles (unlike addFile) reports a refused file in the dialog and goes on with the rest.
      uppy.addFiles(files.map((file) => ({ name: file.name, type: file.type, data: file, source: 'Local' })));
    },
    remove(id) {
      if (uppy.getFile(id)) uppy.removeFile(id);
    },
    pendingCount,
    async uploadPending() {
      // Uppy's upload() retries failed files and starts the ones never started; a refusal is per file.
      if (pendingCount() > 0) await uppy.upload().catch(() => undefined);
      const images = uppy.getFiles().flatMap((file) => imageOf(file) ?? []);
      return { images, notUploaded: pendingCount() };
    },
    destroy() {
      observer.disconnect();
      for (const preview of previews.values()) URL.revokeObjectURL(preview);
      previews.clear();
      uppy.destroy();
    },
  };
}
