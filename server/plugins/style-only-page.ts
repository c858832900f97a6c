/**
 * The start of a page the server writes itself, with one inline style and no script (see
 * styleOnlyPagePolicy in ./security-headers.ts): the customer's case page, the adjuster's and the
 * technician's pages, the on-call acknowledgement and the bad-link page share it.
 */
import type { FastifyReply } from 'fastify';
import { company } from '../../domain/company.ts';
import { escapeHtml } from '../mail/html.ts';

export interface StyleOnlyPageHead {
  /** The page's own title; the company's name follows it. */
  title: string;
  /** The page's one style, allowed by its hash. */
  style: string;
  /** Default `noindex`: search engines keep none of these pages. */
  robots?: string;
  /** More lines for the head (a referrer policy, an icon, a description, a refresh). */
  head?: readonly string[];
}

/** The page from its doctype to its opened <body>: Danish, for phones, not to be indexed. */
export function styleOnlyPageStart({
  title,
  style,
  robots = 'noindex',
  head = [],
}: StyleOnlyPageHead): string {
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${robots}">
${head.map((line) => `${line}\n`).join('')}<title>${escapeHtml(title)} – ${escapeHtml(company.name)}</title>
<style>${style}</style>
</head>
<body>`;
}

/** A referrer policy that sends no address on: the page's own address carries a secret link. */
export const noReferrer = '<meta name="referrer" content="no-referrer">';

/**
 * Sends a page behind a secret link (the customer's case page, the adjuster's page) under its own
 * policy: kept by no cache, its address sent on to no other site, indexed by no search engine.
 */
export function sendSecretLinkPage(reply: FastifyReply, status: number, html: string, policy: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store, private')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Content-Security-Policy', policy)
    .send(html);
}
