/**
 * The login's steps after the password (the authenticator app, recovery codes): loaded with them
 * (app/components/inbox/login/second-factor.tsx), not with the login page.
 */
export const inboxSecondFactorText = {
  verifyHeading: 'Bekræft, at det er dig',
  verifyIntro: 'Åbn din godkendelsesapp, og skriv den 6-cifrede kode for Skadekompagniets indbakke.',
  code: 'Kode fra godkendelsesappen',
  codeHint: '6 cifre',
  codeMissing: 'Skriv de 6 cifre fra godkendelsesappen.',
  verify: 'Bekræft',
  verifying: 'Bekræfter …',
  useRecoveryCode: 'Brug en gendannelseskode',
  useApp: 'Brug koden fra appen i stedet',
  recoveryCode: 'Gendannelseskode',
  recoveryHint: 'En af de 10 koder, du gemte, da du satte appen op. Hver kode virker én gang.',
  recoveryMissing: 'Skriv en af dine gendannelseskoder.',
  restart: 'Start forfra',

  enrolHeading: 'Sæt totrinsbekræftelse op',
  enrolIntro:
    'Første gang du logger ind, skal du forbinde en godkendelsesapp (f.eks. Microsoft Authenticator eller Google Authenticator) til din konto.',
  enrolStepScan: 'Scan QR-koden med appen.',
  enrolStepCode: 'Skriv den 6-cifrede kode, appen viser.',
  qrAlt: 'QR-kode til godkendelsesappen',
  manualEntry: 'Kan du ikke scanne? Skriv nøglen i appen:',
  enrolLoading: 'Henter QR-koden …',
  enrol: 'Forbind appen',
  enrolling: 'Forbinder …',

  recoveryHeading: 'Gem dine gendannelseskoder',
  recoveryIntro:
    'Mister du telefonen, kan du logge ind med en af disse koder. Hver kode virker én gang. Koderne vises kun nu: gem dem et sikkert sted, f.eks. i en adgangskodemanager.',
  recoveryListLabel: 'Dine gendannelseskoder',
  copy: 'Kopiér koderne',
  copied: 'Koderne er kopieret.',
  copyFailed: 'Koderne kunne ikke kopieres. Markér dem, og kopiér dem selv.',
  download: 'Hent som fil',
  downloadFileName: 'gendannelseskoder-skadekompagniet.txt',
  saved: 'Jeg har gemt koderne',
} as const;
