export function referencesIn(text: string): string[];

export function linksInSms(text: string): string[];

export function refreshSecondsOf(html: string): number | undefined;

export function pageLinkOf(html: string, rel: 'next' | 'prev', pageUrl: string): string | undefined;

export interface PageOffer {
  references: string[];
  forms: { reference: string; action: string; fields: Record<string, string> }[];
  links: { reference: string; url: string }[];
}

export function readPage(html: string, pageUrl: string): PageOffer;
