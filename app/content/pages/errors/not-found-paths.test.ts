import { describe, expect, it } from 'vitest';
import { notFoundReports } from './not-found';
import { notFoundPaths, notFoundReportOfPath } from './not-found-paths';

describe('the prerendered not-found variants', () => {
  it('has one path per fake damage report, each standing for its own report', () => {
    expect(notFoundPaths).toHaveLength(notFoundReports.length);
    notFoundPaths.forEach((path, index) => expect(notFoundReportOfPath(path)).toBe(index));
  });

  it('reads the report with the trailing slash the prerender renders each path with', () => {
    expect(notFoundReportOfPath('/__not-found/2/')).toBe(2);
  });

  it('stands for no report on any other path', () => {
    for (const path of [
      '/findes-ikke',
      '/__not-found/',
      `/__not-found/${notFoundReports.length}`,
      '/__not-found/1x',
      '/__not-found/-1',
      '/x/__not-found/1',
    ]) {
      expect(notFoundReportOfPath(path), path).toBeNull();
    }
  });
});
