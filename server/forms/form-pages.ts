/**
 * Pages the server answers a plain HTML form with, built from the prerendered pages: the form's
 * page with the form rendered again (values, messages), and the thank-you page with the lead's
 * reference. The forms themselves are rendered by React from the same components the browser
 * runs (app/forms/server-render.tsx, built to build/form-render/server-render.js), so a form sent
 * without scripts answers with exactly the fields and messages the scripted form shows.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LeadKind } from '../../domain/lead.ts';
import { leadKindRegistry } from '../../domain/lead-kinds.ts';
import {
  formPagePaths,
  resourceFormId,
  thankYouSectionId,
  type FormAnswer,
} from '../../domain/plain-forms.ts';
import { findResourceByTitle } from '../../domain/resources.ts';
import type { AnnouncedCallback } from '../../domain/surge.ts';
import { thankYouLinksSectionId, thankYouTipsSectionId } from '../../domain/thank-you-query.ts';
import type { StaticFile, StaticSite } from '../static/site.ts';

/** The render entry's exports (app/forms/server-render.tsx). */
export interface FormRenderer {
  /** The `<form …>…</form>` of a kind, with the server's answer in it. */
  renderFormHtml(kind: LeadKind, answer: FormAnswer, options?: { resourceTitle?: string }): string;
  /** The thank-you page's `<section id="tak-besked">…</section>` for a lead (and whether it is a repeat). */
  renderThankYouHtml(
    reference: string,
    kind?: LeadKind,
    duplicate?: boolean,
    extra?: { announced?: AnnouncedCallback; waterDamage?: boolean; urgent?: boolean },
  ): string;
  /** The "Hvad vil du nu?" section of a resource request's /tak. */
  renderResourceLinksHtml(): string;
}

/** What /tak's address says of a sent lead (server/forms/page-hooks.ts reads and checks it). */
export interface ThankYouAddress {
  reference: string;
  kind?: LeadKind;
  /** It repeats an open emergency of the sender's. */
  duplicate?: true;
  /** It pages the on-call staff although its kind does not always (an urgent assignment). */
  urgent?: true;
  /** The callback time an emergency was told, when it was a surge time or first in line. */
  announced?: AnnouncedCallback;
  waterDamage?: boolean;
}

/** Where the build puts the render entry, next to the prerendered pages. */
export function formRendererPath(clientDir: string): string {
  return join(clientDir, '..', 'form-render', 'server-render.js');
}

/** The built render entry, or null when the pages were built without it. */
export async function loadFormRenderer(clientDir: string): Promise<FormRenderer | null> {
  const path = formRendererPath(clientDir);
  if (!existsSync(path)) return null;
  return (await import(pathToFileURL(path).href)) as FormRenderer;
}

/** A page of ours, changed for one answer: its HTML and the prerendered file it came from (CSP). */
export interface AnswerPage {
  html: string;
  source: StaticFile;
}

export interface FormPages {
  /** The form's page with the answered form in place of the prerendered one. */
  formPage(kind: LeadKind, answer: FormAnswer, resourceTitle?: string): AnswerPage | null;
  /** The thank-you page showing the lead's reference and the kind's own words. */
  thankYouPage(thanks: ThankYouAddress): AnswerPage | null;
}

/**
 * Puts `replacement` in place of the element `<tag … id="id" …>…</tag>`. The elements replaced
 * here (a form, the thank-you section) never hold an element of their own tag.
 */
export function replaceElementById(
  html: string,
  tag: string,
  id: string,
  replacement: string,
): string | null {
  const open = new RegExp(`<${tag}\\b[^>]*\\sid="${id.replace(/[^\w-]/g, '')}"[^>]*>`).exec(html);
  if (!open) return null;
  const closeTag = `</${tag}>`;
  const close = html.indexOf(closeTag, open.index + open[0].length);
  if (close === -1) return null;
  return html.slice(0, open.index) + replacement + html.slice(close + closeTag.length);
}

/**
 * Marks a form's island as answered by the server: the browser then leaves the form as the plain
 * HTML it is (app/forms/shared/form-island.tsx), instead of hydrating a blank form over it.
 */
function markIslandAnswered(html: string, kind: LeadKind): string {
  return html.replace(`data-form-island="${kind}"`, `data-form-island="${kind}" data-answered=""`);
}

export function createFormPages(site: StaticSite, renderer: FormRenderer): FormPages {
  const page = (path: string) => {
    const file = site.files.get(path);
    return file?.isHtml ? file : undefined;
  };
  return {
    formPage(kind, answer, resourceTitle) {
      const source = page(formPagePaths[kind]);
      if (!source) return null;
      const place = leadKindRegistry[kind].form;
      let formId: string;
      if ('perResource' in place) {
        // A request for no resource of ours has no form to answer in.
        const resource = findResourceByTitle(resourceTitle ?? '');
        if (!resource) return null;
        formId = resourceFormId(resource.id);
      } else formId = place.formId;
      const form = renderer.renderFormHtml(kind, answer, resourceTitle ? { resourceTitle } : undefined);
      const html = replaceElementById(source.body.toString('utf8'), 'form', formId, form);
      return html === null ? null : { html: markIslandAnswered(html, kind), source };
    },
    thankYouPage({ reference, kind, duplicate, urgent, announced, waterDamage }) {
      const source = page('/tak');
      if (!source) return null;
      const section = renderer.renderThankYouHtml(reference, kind, duplicate, {
        announced,
        waterDamage,
        urgent: urgent === true,
      });
      let html = replaceElementById(source.body.toString('utf8'), 'section', thankYouSectionId, section);
      // A requested PDF is no damage: no damage advice, and its own links (app/routes/thank-you.tsx).
      if (html !== null && kind && leadKindRegistry[kind].customerCopy === 'resource') {
        html = replaceElementById(html, 'section', thankYouTipsSectionId, '');
        if (html !== null)
          html = replaceElementById(
            html,
            'section',
            thankYouLinksSectionId,
            renderer.renderResourceLinksHtml(),
          );
      }
      return html === null ? null : { html, source };
    },
  };
}
