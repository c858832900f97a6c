/** A legal text (privacy policy, terms of trade) as typed data, rendered by LegalDocumentView. */
export type LegalBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  /** Label–value pairs, e.g. company details; `href` makes the value a link (tel:, mailto:, https:). */
  | { kind: 'facts'; items: readonly { label: string; value: string; href?: string }[] };

export interface LegalSection {
  /** Anchor for the table of contents, e.g. 'dataansvarlig'. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  metaTitle: string;
  metaDescription: string;
  title: string;
  intro: string;
  /** ISO date of the last change. */
  updatedAt: string;
  updatedLabel: string;
  tocTitle: string;
  sections: readonly LegalSection[];
}
