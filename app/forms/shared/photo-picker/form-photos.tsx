import { PlainPhotoInput } from '../posted-answer';
import { ImagePicker } from './image-picker';
import { imagePickerMessages, selectImages } from './select-images';
import type { PhotoUploads } from './use-photo-uploads';

export interface FormPhotosProps {
  id: string;
  /** Whether the form's code runs: until then the browser's own file input is there. */
  hydrated: boolean;
  uploads: PhotoUploads;
  maxImages: number;
  isSubmitting: boolean;
  /** The form is sent and waits for uploads: no adding, removing a slow photo still possible. */
  waitingForPhotos: boolean;
  /** The server could not keep the photos posted with the form (sent without JavaScript). */
  photosDropped?: boolean;
  error?: string;
}

/**
 * A form's photos: the picker, uploading each photo as it is picked, once the form's code runs;
 * until then the browser's own file input, whose photos the picker takes over.
 */
export function FormPhotos(props: FormPhotosProps) {
  const { id, uploads, maxImages, isSubmitting, waitingForPhotos, error } = props;
  return props.hydrated ? (
    <ImagePicker
      id={id}
      uploads={uploads}
      maxImages={maxImages}
      disabled={isSubmitting && !waitingForPhotos}
      addingDisabled={waitingForPhotos}
      error={error}
    />
  ) : (
    <PlainPhotoInput
      id={id}
      hint={imagePickerMessages.limits(maxImages)}
      photosDropped={props.photosDropped}
      error={error}
      // Photos chosen before the form's code arrived are uploaded like any picked in the picker.
      onHandOver={(files) => uploads.add(selectImages(files, 0, maxImages).accepted)}
    />
  );
}
