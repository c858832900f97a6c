import da_DK from '@uppy/locales/lib/da_DK.js';
import { acceptedImageFormatsText } from '../../../domain/images';

/**
 * Danish for every upload-widget text that @uppy/locales' da_DK lacks, checked
 * key by key against the widget's own English locales in uppy-danish.test.ts. Loaded with the
 * widget only.
 */
export const missingDanishStrings = {
  // @uppy/core
  addBulkFilesFailed: {
    0: '%{smart_count} fil kunne ikke tilføjes på grund af en intern fejl',
    1: '%{smart_count} filer kunne ikke tilføjes på grund af interne fejl',
  },
  aggregateExceedsSize: 'Du har valgt filer på i alt %{size}, men den samlede grænse er %{sizeAllowed}',
  missingRequiredMetaField: 'Der mangler påkrævede oplysninger',
  missingRequiredMetaFieldOnFile: 'Der mangler påkrævede oplysninger for %{fileName}',
  inferiorSize: 'Filen er mindre end den tilladte størrelse på %{size}',
  noMoreFilesAllowed: 'Du kan ikke tilføje flere filer',
  noDuplicates: "Filen '%{fileName}' er allerede tilføjet",
  actionFailed: 'Handlingen mislykkedes',
  authAborted: 'Godkendelsen blev afbrudt',
  googleDrivePickerFailed:
    'Google Drev kunne ikke indlæses. Sker det igen, så prøv at tillade tredjepartscookies for denne side.',
  companionUnauthorizeHint: 'Gå til %{url} for at fjerne adgangen til din %{provider}-konto',
  noSearchResults: 'Der er desværre ingen resultater for denne søgning',
  allFilesFromFolderNamed: 'Alle filer fra mappen %{name}',
  itemActionsNamed: 'Handlinger for %{name}',
  dialogConfirm: 'OK',
  logIn: 'Log ind',
  pickFiles: 'Vælg filer',
  pickPhotos: 'Vælg billeder',
  loadedXFiles: '%{numFiles} filer indlæst',
  signInWithGoogle: 'Log ind med Google',
  searchImages: 'Søg efter billeder',
  enterTextToSearch: 'Skriv en tekst for at søge efter billeder',
  search: 'Søg',
  resetSearch: 'Nulstil søgning',
  addedNumFiles: '%{numFiles} fil(er) tilføjet',
  folderAlreadyAdded: 'Mappen "%{folder}" er allerede tilføjet',
  additionalRestrictionsFailed: '%{count} yderligere begrænsninger blev ikke overholdt',
  unnamed: 'Uden navn',
  pleaseWait: 'Vent venligst',
  s3AlreadyExists: 'Der findes allerede en fil eller mappe med det navn',
  s3Conflict: 'Filen blev ændret, mens den blev flyttet. Opdater mappen, og prøv igen',
  s3DestinationMustBeFile: 'En fils destination skal være en filsti',
  s3FileTooLargeToMove: 'Filer over 5 GB kan ikke flyttes eller omdøbes her',
  s3FolderMoveNotSupported: 'Mapper skal flyttes ét element ad gangen',
  s3FolderIntoItself: 'En mappe kan ikke flyttes ind i sig selv',
  s3FolderNotEmpty: 'Mappen er ikke tom',
  s3InvalidGrant: 'Din adgang til lageret kunne ikke bekræftes',
  s3InvalidName: 'Det navn er ikke tilladt',
  s3NotConfigured: 'Lageret er ikke tilgængeligt',
  s3NotFound: 'Filen eller mappen findes ikke længere',
  s3OutsideAllowedFolder: 'Stien ligger uden for den mappe, du har adgang til',
  s3ReadOnlySession: 'Din session er skrivebeskyttet',
  s3RequestFailed: 'Forespørgslen til lageret mislykkedes',
  s3SelectedInOtherSession: 'Filen blev valgt i en anden session. Forbind igen, og vælg den på ny',
  webdavCannotConnect: 'Kan ikke forbinde til serveren',
  // @uppy/dashboard
  error: 'Fejl',
  editFileWithFilename: 'Rediger filen %{file}',
  save: 'Gem',
  importFiles: 'Hent filer fra:',
  browseFolders: 'gennemse mapper',
  recoveredXFiles: {
    0: '1 fil kunne ikke gendannes helt. Vælg den igen, og genoptag uploaden.',
    1: '%{smart_count} filer kunne ikke gendannes helt. Vælg dem igen, og genoptag uploaden.',
  },
  recoveredAllFiles: 'Alle filer er gendannet. Du kan nu genoptage uploaden.',
  sessionRestored: 'Sessionen er gendannet',
  reSelect: 'Vælg igen',
  missingRequiredMetaFields: {
    0: 'Der mangler en påkrævet oplysning: %{fields}.',
    1: 'Der mangler påkrævede oplysninger: %{fields}.',
  },
  takePictureBtn: 'Tag billede',
  recordVideoBtn: 'Optag video',
  dataUploadedOfUnknown: '%{complete} af ukendt størrelse',
  showErrorDetails: 'Vis detaljer om fejlen',
  // @uppy/thumbnail-generator
  generatingThumbnails: 'Laver miniaturebilleder...',
} as const;

/**
 * Our wording where da_DK's is unclear for people in a hurry: failed uploads, the connection,
 * refused files.
 */
const clearerDanish = {
  failedToUpload: 'Billedet %{file} kunne ikke uploades',
  noInternetConnection: 'Ingen internetforbindelse',
  connectedToInternet: 'Forbundet til internettet',
  youCanOnlyUploadX: {
    0: 'Du kan kun uploade %{smart_count} billede',
    1: 'Du kan højst uploade %{smart_count} billeder',
  },
  // Names the formats in words: Uppy's %{types} would show the picker's filter, 'image/*'.
  youCanOnlyUploadFileTypes: `Kun billeder (${acceptedImageFormatsText}) kan uploades`,
  exceedsSize: '%{file} er for stort. Et billede må højst fylde %{size}',
} as const;

export const danishUppyLocale = {
  ...da_DK,
  strings: { ...da_DK.strings, ...missingDanishStrings, ...clearerDanish },
};
