/**
 * What a private person's receipt must carry, on a durable medium, for an agreement made outside
 * our premises (forbrugeraftaleloven §§ 8 and 17; docs/decisions/urgent-work-request.md): who we
 * are, what the service is, the price basis, the 14-day right of withdrawal with the standard
 * withdrawal form (Bilag 3 of the Act, attached as a text file), and, when the customer asked
 * us to start the urgent work at once, that the right does not cover that work. A business gets
 * none of it: the Act protects consumers only.
 */
import { company } from '../../domain/company.ts';
import type { LeadKind } from '../../domain/lead.ts';
import { urgentWorkRequestTime } from '../../domain/lead-kind-schemas.ts';
import { consumerPersonType, urgentWorkRequestKeys } from '../../domain/urgent-work-request.ts';
import type { MailAttachment } from '../mail/transport.ts';

/** The e-mail's section on the consumer's rights: a heading and its paragraphs. */
export interface ConsumerInformation {
  heading: string;
  paragraphs: string[];
  attachment: MailAttachment;
}

const address = `${company.address.street}, ${company.address.postalCode} ${company.address.city}`;

/** What the service is, in the words of the kind of enquiry it came from. */
const serviceOf: Partial<Record<LeadKind, string>> = {
  'akut-skade':
    'Akut skadeservice hos dig: vi begrænser skaden (fx fjerner vand, sikrer bygningen, redder indbo og sætter affugtning op) og dokumenterer den til dit forsikringsselskab.',
  anmeldelse:
    'Skadeservice: vi vurderer skaden, begrænser den og udbedrer den efter aftale med dig og dit forsikringsselskab.',
};

export const withdrawalFormFilename = 'standardfortrydelsesformular.txt';

/**
 * The standard withdrawal form of Bilag 3 to forbrugeraftaleloven, word for word, with our name,
 * address and e-mail where the form says the trader fills them in.
 */
export function withdrawalFormText(): string {
  return [
    'Standardfortrydelsesformular',
    '(denne formular udfyldes og returneres kun, hvis fortrydelsesretten gøres gældende)',
    '',
    `– Til ${company.legalName}, ${address}, e-mail ${company.email}:`,
    '– Jeg/vi (*) meddeler herved, at jeg/vi (*) ønsker at gøre fortrydelsesretten gældende i forbindelse med min/vores (*) købsaftale om følgende varer (*)/levering af følgende tjenesteydelser (*)',
    '– Bestilt den (*)/modtaget den (*)',
    '– Forbrugerens/forbrugernes navn(e)',
    '– Forbrugerens/forbrugernes adresse(r)',
    '– Forbrugerens/forbrugernes underskrift(er) (kun hvis formularens indhold meddeles på papir)',
    '– Dato',
    '',
    '(*) Det ikke relevante udstreges.',
    '',
  ].join('\r\n');
}

/** True for a lead from a private person: the emergency form's or the damage report's "Privatperson". */
export function isConsumerLead(kind: LeadKind, details: Readonly<Record<string, string>>): boolean {
  return serviceOf[kind] !== undefined && details.personType === consumerPersonType;
}

/** The consumer information of a private person's receipt; null for anyone else. */
export function consumerInformation(
  kind: LeadKind,
  details: Readonly<Record<string, string>>,
  priceInfo: string,
): ConsumerInformation | null {
  const service = serviceOf[kind];
  if (!service || !isConsumerLead(kind, details)) return null;
  const requestedAt = details[urgentWorkRequestKeys.at];
  const requested = details[urgentWorkRequestKeys.answer] === 'ja';
  return {
    heading: 'Dine rettigheder som forbruger',
    paragraphs: [
      `Aftalen er med ${company.legalName}, CVR ${company.cvr}, ${address}, telefon ${company.phoneDisplay}, e-mail ${company.email}.`,
      `Ydelsen: ${service}`,
      `Pris: ${priceInfo.trim().replace(/\.$/, '')}. Du får en specificeret regning med timer og materialer.`,
      `Fortrydelsesret: Du kan fortryde aftalen inden for 14 dage fra den dag, aftalen blev indgået, uden at give en grund. Du fortryder ved at give os besked, fx ved at sende den vedhæftede standardfortrydelsesformular eller skrive til ${company.email}. Har du bedt os gå i gang, før fristen er udløbet, betaler du for det arbejde, vi har udført, indtil du fortryder.`,
      ...(requested
        ? [
            `Du bad udtrykkeligt om, at vi straks går i gang med det akutte arbejde for at stoppe skaden${requestedAt ? ` (${urgentWorkRequestTime(requestedAt)})` : ''}. Fortrydelsesretten gælder ikke for det arbejde (forbrugeraftalelovens § 18, stk. 2, nr. 8): du betaler for det akutte arbejde, vi udfører. Aftaler vi mere arbejde end det akutte, gælder fortrydelsesretten for det.`,
          ]
        : []),
    ],
    attachment: {
      filename: withdrawalFormFilename,
      content: Buffer.from(withdrawalFormText(), 'utf8'),
      contentType: 'text/plain; charset=utf-8',
    },
  };
}
