/**
 * What the forms and the server agree on for a form posted without JavaScript: the answer the
 * server renders a form with, the photo input's name, the forms' ids, sections and actions. They
 * live in domain/plain-forms.ts, which the server reads too; the forms import them from here.
 */
export {
  formActions,
  formPagePaths,
  formSectionIds,
  multipartLeadKinds,
  photoFieldName,
  plainFormIds,
  resourceFormAction,
  resourceFormId,
  resourceSectionId,
  type FormAnswer,
} from '../../../domain/plain-forms';
