/** What the milestones' API answers staff in Danish when it refuses. */
export const milestoneRefusals = {
  reportByHand:
    'Rapport sendt registreres af rapporten selv, når den sendes. Send rapporten fra sagen i stedet.',
  future: 'Tidspunktet ligger i fremtiden. Skriv, hvornår det skete (højst 5 minutter frem).',
  beforeLead: 'Tidspunktet er før henvendelsen kom ind. Skriv, hvornår det skete.',
  secondDamageStop:
    'Skadestop er allerede registreret på sagen. Træk det tilbage først, hvis tidspunktet er forkert.',
  notFound: 'Milepælen findes ikke på denne sag.',
  alreadyWithdrawn: 'Milepælen er allerede trukket tilbage.',
  reportSent: 'En sendt rapport kan ikke trækkes tilbage: den er sendt. Send en opdateret rapport i stedet.',
} as const;
