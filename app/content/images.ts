/**
 * The site's illustrations (public/images, drawn in this repository as SVG), with their intrinsic
 * size so pages reserve space before loading, and Danish alt text saying what each one shows.
 */
export interface SiteImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export const images = {
  heroHome: {
    src: '/images/hero-home.svg',
    width: 1200,
    height: 800,
    alt: 'Et hus beskyttet af et stort skjold mod regn og ild, mens en tekniker med tjekliste holder øje',
  },
  sectionBefore: {
    src: '/images/section-before.svg',
    width: 800,
    height: 600,
    alt: 'En rådgiver gennemgår et risikokort over ejendommen med en tjekliste og en erhvervsbygning i baggrunden',
  },
  sectionDuring: {
    src: '/images/section-during.svg',
    width: 800,
    height: 600,
    alt: 'To teknikere håndterer en vandskade: den ene kører en affugter, den anden bærer flyttekasser forbi en vandpyt bag afspærringsbånd',
  },
  sectionAfter: {
    src: '/images/section-after.svg',
    width: 800,
    height: 600,
    alt: 'Et istandsat hus med et flueben, færdige dokumenter og to personer, der giver hinanden hånden',
  },
  aboutExperience: {
    src: '/images/about-experience.svg',
    width: 800,
    height: 600,
    alt: 'En medarbejder peger på et stigende søjlediagram ved siden af en medalje og stablede sagsmapper',
  },
  servicePrevention: {
    src: '/images/service-prevention.svg',
    width: 640,
    height: 400,
    alt: 'Et hus ved siden af et skjold med flueben og en udfyldt tjekliste til forebyggelse',
  },
  serviceManagement: {
    src: '/images/service-management.svg',
    width: 640,
    height: 400,
    alt: 'En tekniker med tjekliste styrer en vandskade med affugter og afspærring',
  },
  serviceCompletion: {
    src: '/images/service-completion.svg',
    width: 640,
    height: 400,
    alt: 'En håndværker med malerrulle og en stige ved en nyistandsat væg med flueben',
  },
  serviceRehousing: {
    src: '/images/service-rehousing.svg',
    width: 640,
    height: 400,
    alt: 'En midlertidig bolig med nøgler og en kuffert klar til indflytning',
  },
  serviceDocumentation: {
    src: '/images/service-documentation.svg',
    width: 640,
    height: 400,
    alt: 'En 3D-scanner på stativ scanner et rum og lægger et målegitter over væggen',
  },
  heroServices: {
    src: '/images/hero-services.svg',
    width: 1200,
    height: 800,
    alt: 'En tekniker med tjekliste mellem et hus og en servicevogn med firmaets skjoldlogo',
  },
  heroAbout: {
    src: '/images/hero-about.svg',
    width: 1200,
    height: 800,
    alt: 'Tre medarbejdere samlet om en stor plantegning på en tavle, den ene peger på planen',
  },
  heroEmergency: {
    src: '/images/hero-emergency.svg',
    width: 1200,
    height: 800,
    alt: 'Et advarselsskilt, en ringende mobiltelefon og en udrykningsvogn med blinklys i regnvejr',
  },
  heroCourses: {
    src: '/images/hero-courses.svg',
    width: 1200,
    height: 800,
    alt: 'En underviser står ved en tavle med diagram og tjekliste foran tre kursister ved et bord',
  },
  hero3dScanning: {
    src: '/images/hero-3d-scanning.svg',
    width: 1200,
    height: 800,
    alt: 'En tekniker med tablet betjener en 3D-scanner på stativ, der scanner et rum med et målegitter',
  },
  heroValueRescue: {
    src: '/images/hero-value-rescue.svg',
    width: 1200,
    height: 800,
    alt: 'To teknikere bærer prioriterede genstande med farvede mærkater ud af et hus: en kasse og et maleri',
  },
  heroDamageManagement: {
    src: '/images/hero-damage-management.svg',
    width: 1200,
    height: 800,
    alt: 'En skadekoordinator med tjekliste foran et afspærret hus i regnvejr, ved siden af en plan med afkrydsede punkter og en telefon',
  },
  heroDamageService: {
    src: '/images/hero-damage-service.svg',
    width: 1200,
    height: 800,
    alt: 'To teknikere i arbejdstøj flytter en affugter og kasser væk fra en vandskade bag afspærringsbånd',
  },
  heroPrevention: {
    src: '/images/hero-prevention.svg',
    width: 1200,
    height: 800,
    alt: 'Et hus i ly af et skjold mod regn og lyn med en udfyldt tjekliste ved siden af',
  },
  heroRehousing: {
    src: '/images/hero-rehousing.svg',
    width: 1200,
    height: 800,
    alt: 'En person med kuffert ankommer til en midlertidig bolig, nøglerne er klar',
  },
  blog3dScanning: {
    src: '/images/blog-3d-scanning.svg',
    width: 1200,
    height: 630,
    alt: 'En 3D-scanner på stativ scanner et rum, og en skærm viser den færdige plantegning',
  },
  teamPlaceholder: {
    src: '/images/team-placeholder.svg',
    width: 400,
    height: 400,
    alt: 'Silhuet af en medarbejder',
  },
} as const satisfies Record<string, SiteImage>;
