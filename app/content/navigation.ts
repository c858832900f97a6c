/** Header and footer links. */
export const mainNavigation = [
  { to: '/', label: 'Hjem' },
  { to: '/services', label: 'Ydelser' },
  { to: '/resources', label: 'Ressourcer' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'Om os' },
  { to: '/contact', label: 'Kontakt' },
] as const;

export const headerActions = {
  emergency: { to: '/akut-skade', label: 'Akut skade' },
  report: { to: '/anmeldelse', label: 'Anmeld skade' },
} as const;

/** The page where an insurer or its loss adjuster hands a claim over: in the footer, not the main menu. */
export const rekvisitionLink = {
  to: '/rekvisition',
  label: 'For forsikringsselskaber og taksatorer',
} as const;

export const footerLinks = [
  { to: '/forebyggelse', label: 'Forebyggelse' },
  { to: '/dokumentation', label: '3D-dokumentation' },
  { to: '/skadestyring', label: 'Skadestyring' },
  { to: '/genhusning', label: 'Genhusning' },
  { to: '/skadeservice', label: 'Skadeservice' },
  { to: '/akut-skadeservice', label: 'Akut skadeservice' },
  rekvisitionLink,
  { to: '/sitemap', label: 'Sitemap' },
  { to: '/privacy-policy', label: 'Privatlivspolitik' },
  { to: '/terms-of-service', label: 'Handelsbetingelser' },
] as const;

export const shellText = {
  skipLink: 'Spring til indhold',
  mainNavLabel: 'Hovedmenu',
  openMenu: 'Åbn menu',
  closeMenu: 'Luk menu',
  drawerTitle: 'Menu',
  homeLinkLabel: 'til forsiden',
  footerTagline:
    'Vi håndterer skader på indbo, løsøre og driftsmateriel – før, under og efter skaden. For virksomheder, kommuner, forsikringsselskaber og private.',
  footerServicesHeading: 'Ydelser og information',
  footerContactHeading: 'Kontakt',
  readiness: '24/7 beredskab',
  cvrLabel: 'CVR',
  socialHeading: 'Følg os',
  copyright: 'Alle rettigheder forbeholdes.',
} as const;
