/** Valid request bodies of the three POST /api/contact payloads and a resource request (tests, bench). */
import { buildDamageReportPayload, type DamageReportFormValues } from '../../domain/damage-report.ts';
import { buildEmergencyPayload, type EmergencyFormValues } from '../../domain/emergency.ts';

export const contactFormBody = {
  name: 'Anne Hansen',
  email: 'anne@example.dk',
  phone: '12 34 56 78',
  service: 'genhusning',
  message: 'Vi har brug for et sted at bo, mens huset tørres ud.',
};

export const reportFormValues: DamageReportFormValues = {
  personType: 'virksomhed',
  fuldeNavn: 'Karen Holm',
  telefon: '+45 87 65 43 21',
  adresse: 'Algade 3, 4000 Roskilde',
  email: 'karen@holm.dk',
  virksomhedsnavn: 'Holm ApS',
  cvr: '12345674',
  rekvirentNavn: '',
  rekvirentTelefon: '',
  rekvirentEmail: '',
  forsikringsselskab: 'Codan',
  policeNr: 'POL-778',
  skadeNr: '',
  skadetype: 'brandskade',
  besked: 'Røgskade i køkken og stue.\nSod på lofterne.',
  images: [],
};

export function reportBody(images: string[] = []) {
  return buildDamageReportPayload({ ...reportFormValues, images });
}

export const emergencyFormValues: EmergencyFormValues = {
  fuldeNavn: 'Per Jensen',
  adresse: 'Strandvejen 1, 2900 Hellerup',
  telefon: '12 34 56 78',
  email: 'per@example.dk',
  forsikringsselskab: 'Tryg',
  policeNr: '',
  skadeNr: 'S-1',
  skadetype: 'vandskade',
  besked: 'Vand i kælderen',
};

export function emergencyBody(imageUrls: string[] = []) {
  return buildEmergencyPayload(emergencyFormValues, imageUrls);
}

export const resourceRequestBody = {
  fullName: 'Lars Berg',
  email: 'lars@example.dk',
  phone: '12 34 56 78',
  companyName: 'Berg Ejendomme',
  resourceTitle: 'Er du klar til skybrud?',
  resourceType: 'Tjekliste',
};
