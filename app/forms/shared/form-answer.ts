/**
 * What the server puts back into a form it could not accept from a browser without JavaScript:
 * the form is rendered again on its page with these values, the Danish message under each field
 * and in the error summary. The same messages the form shows when its code checks it.
 */
export interface FormAnswer {
  /** The values as the visitor posted them, by field name (photos are never sent back). */
  values: Readonly<Record<string, string>>;
  /** Field name → Danish message. */
  errors: Readonly<Record<string, string>>;
  /** A message for the whole form, e.g. over the submission limit or the store unreachable. */
  formError?: string;
  /** Photos were chosen but could not be kept: the form says they must be chosen again. */
  photosDropped?: boolean;
}
