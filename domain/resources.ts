// No zod here: pages import the catalogue without loading the validation library.

/** The free resources on /resources and the PDF each request e-mails. */
export const resourceCatalogue = [
  {
    id: 'vaerdiredningsplan',
    title: '10 konkrete tips til en værdiredningsplan',
    type: 'E-bog',
    /** The type in its definite form, for sentences about this one resource. */
    definiteType: 'e-bogen',
    fileName: 'vaerdiredningsplan-10-tips.pdf',
    sourceFile: 'vaerdiredningsplan-10-tips.md',
  },
  {
    id: 'skybrud',
    title: 'Er du klar til skybrud?',
    type: 'Tjekliste',
    definiteType: 'tjeklisten',
    fileName: 'skybrud-tjekliste.pdf',
    sourceFile: 'skybrud-tjekliste.md',
  },
] as const;
export type Resource = (typeof resourceCatalogue)[number];

export function findResourceByTitle(title: string): Resource | undefined {
  return resourceCatalogue.find((resource) => resource.title === title);
}

/**
 * 'e-bogen' for 'E-bog', 'tjeklisten' for 'Tjekliste': how a sentence names the resource of a
 * request ('Vi sender dig e-bogen …'). A type outside the catalogue reads 'ressourcen'.
 */
export function definiteResourceType(type: string): string {
  return resourceCatalogue.find((resource) => resource.type === type)?.definiteType ?? 'ressourcen';
}
