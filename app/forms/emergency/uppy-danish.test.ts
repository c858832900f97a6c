import coreLocale from '../../../node_modules/@uppy/core/lib/locale.js';
import dashboardLocale from '../../../node_modules/@uppy/dashboard/lib/locale.js';
import thumbnailLocale from '../../../node_modules/@uppy/thumbnail-generator/lib/locale.js';
import da_DK from '@uppy/locales/lib/da_DK.js';
import { describe, expect, it } from 'vitest';
import { danishUppyLocale, missingDanishStrings } from './uppy-danish';

type Strings = Record<string, string | Record<string, string>>;
const english: Strings = {
  ...(coreLocale.strings as Strings),
  ...(dashboardLocale.strings as Strings),
  ...(thumbnailLocale.strings as Strings),
};
const placeholders = (text: string | Record<string, string>) =>
  [...new Set(JSON.stringify(text).match(/%\{\w+\}/g) ?? [])].sort();

describe('the upload widget in Danish', () => {
  it('has a Danish text for every key of the widget (core, dashboard, thumbnails)', () => {
    const missing = Object.keys(english).filter((key) => !(key in danishUppyLocale.strings));
    expect(missing).toEqual([]);
  });

  it('fills exactly what da_DK lacks, with the same placeholders as the English text', () => {
    const lacking = Object.keys(english)
      .filter((key) => !(key in da_DK.strings))
      .sort();
    expect(Object.keys(missingDanishStrings).sort()).toEqual(lacking);
    for (const key of lacking) {
      expect(placeholders(missingDanishStrings[key as keyof typeof missingDanishStrings]), key).toEqual(
        placeholders(english[key] ?? ''),
      );
    }
  });

  it('says failed uploads, the connection and oversize files in Danish', () => {
    const strings = danishUppyLocale.strings as Strings;
    expect(strings.failedToUpload).toBe('Billedet %{file} kunne ikke uploades');
    expect(strings.noInternetConnection).toBe('Ingen internetforbindelse');
    expect(strings.exceedsSize).toContain('for stort');
  });

  it('names the accepted image formats in words when a file is not an image, never a MIME pattern', () => {
    const strings = danishUppyLocale.strings as Strings;
    expect(strings.youCanOnlyUploadFileTypes).toBe(
      'Kun billeder (JPEG, PNG, WebP, GIF eller HEIC) kan uploades',
    );
    for (const text of Object.values(strings).flatMap((value) =>
      typeof value === 'string' ? [value] : Object.values(value),
    )) {
      expect(text).not.toMatch(/image\/|%\{types\}/);
    }
  });
});
