/** Shown when a page fails unexpectedly (not a 404). */
export const errorPage = {
  title: 'Der opstod en uventet fejl',
  text: 'Siden kunne ikke vises. Prøv at genindlæse siden, eller ring til os, hvis det haster.',
  reload: 'Genindlæs siden',
  home: 'Gå til forsiden',
} as const;
