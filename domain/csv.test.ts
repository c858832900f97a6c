import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('CSV cells a spreadsheet could run as a formula', () => {
  it.each([
    ['=HYPERLINK("https://evil.example")', `"'=HYPERLINK(""https://evil.example"")"`],
    ['+45 22 34 56 78', "'+45 22 34 56 78"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('keeps %j as text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('keeps a cell starting with NUL as text', () => {
    expect(csvCell('\0=cmd|calc')).toBe("'\0=cmd|calc");
  });

  it.each([
    ['\uFF1D', '＝cmd|calc!A1'],
    ['\uFF0B', '＋1+1'],
    ['\uFF0D', '－1+1'],
    ['\uFF20', '＠SUM(A1)'],
  ])('keeps a cell starting with the full-width %s as text', (_sign, value) => {
    expect(csvCell(value)).toBe(`'${value}`);
  });

  it('leaves other text alone, the same signs later in a cell included', () => {
    expect(csvCell('almindelig tekst')).toBe('almindelig tekst');
    expect(csvCell('a=b＝c')).toBe('a=b＝c');
    expect(csvCell('')).toBe('');
  });

  it('quotes separators, quotes, line breaks and outer spaces', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('sagde "hej"')).toBe('"sagde ""hej"""');
    expect(csvCell('to\nlinjer')).toBe('"to\nlinjer"');
    expect(csvCell(' kant ')).toBe('" kant "');
    expect(csvLine(['＝1', 'x'])).toBe("'＝1;x\r\n");
  });
});
