/** Valid request bodies of POST /api/leads, one per kind, as the forms send them (tests, bench). */
import type { ContactLeadInput } from '../../domain/contact.ts';
import type { DamageReportLeadInput } from '../../domain/damage-report.ts';
import type { EmergencyLeadInput } from '../../domain/emergency.ts';
import type { ResourceRequestLeadInput } from '../../domain/resource-request.ts';

export const contactBody = {
  kind: 'kontakt',
  name: 'Anne Hansen',
  email: 'anne@example.dk',
  phone: '22 34 56 78',
  service: 'genhusning',
  message: 'Vi har brug for et sted at bo, mens huset tørres ud.',
} satisfies ContactLeadInput;

export function reportBody(images: string[] = []) {
  return {
    kind: 'anmeldelse',
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
    images,
  } satisfies DamageReportLeadInput;
}

export function emergencyBody(images: string[] = []) {
  return {
    kind: 'akut-skade',
    fuldeNavn: 'Per Jensen',
    adresse: 'Strandvejen 1, 2900 Hellerup',
    telefon: '22 34 56 78',
    email: 'per@example.dk',
    forsikringsselskab: 'Tryg',
    policeNr: '',
    skadeNr: 'S-1',
    skadetype: 'vandskade',
    besked: 'Vand i kælderen',
    images,
  } satisfies EmergencyLeadInput;
}

export const resourceRequestBody = {
  kind: 'ressource',
  fullName: 'Lars Berg',
  email: 'lars@example.dk',
  phone: '22 34 56 78',
  companyName: 'Berg Ejendomme',
  resourceTitle: 'Er du klar til skybrud?',
  resourceType: 'Tjekliste',
} satisfies ResourceRequestLeadInput;
