export interface CheckerMessage {
  severity: 'error' | 'warning' | 'info';
  file: string;
  line: number | undefined;
  column: number | undefined;
  message: string;
  extract: string | undefined;
}
export declare function htmlFiles(dir: string): string[];
export declare function parseVnuJson(text: string, baseDir?: string): CheckerMessage[];
export declare function formatReport(
  messages: readonly CheckerMessage[],
  fileCount: number,
): { ok: boolean; text: string };
