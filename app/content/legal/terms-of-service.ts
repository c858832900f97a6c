import { promises, terms } from '../../../domain/constants';
import { company } from '../../../domain/company';
import { figureText } from '~/content/figures';
import { formatDkk, formatHour } from '~/lib/format';
import { companyFacts } from './company-facts';
import type { LegalDocument } from './legal-document';

const eveningNight = `${formatHour(terms.eveningNightHours.from)}–${formatHour(terms.eveningNightHours.to)}`;

export const termsOfService: LegalDocument = {
  metaTitle: 'Handelsbetingelser',
  metaDescription: `${company.name}s handelsbetingelser: priser ekskl. moms, betaling netto ${terms.paymentNetDays} dage, akuttillæg, reklamation, ansvar, fortrolighed, opsigelse og tvister.`,
  title: 'Handelsbetingelser',
  intro: `Disse betingelser gælder for alle ydelser, som ${company.legalName} leverer til virksomheder, offentlige myndigheder, forsikringsselskaber og private, medmindre andet er aftalt skriftligt. Er du forbruger, gælder de ufravigelige regler i forbrugerlovgivningen altid forud for betingelserne.`,
  updatedAt: '2026-11-01',
  updatedLabel: 'Gældende fra',
  tocTitle: 'Indhold',
  sections: [
    {
      id: 'virksomhed',
      heading: '1. Virksomhedsoplysninger',
      blocks: [companyFacts],
    },
    {
      id: 'ydelser',
      heading: '2. Ydelser',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Vi leverer ydelser før, under og efter skader på indbo, løsøre, driftsmateriel og bygninger, herunder:',
        },
        {
          kind: 'list',
          items: [
            'Forebyggelse: risikovurdering, værdiredningsplaner, 3D-scanning og mærkning samt kurser og øvelser',
            'Akut skadeservice og skadebegrænsning døgnet rundt',
            'Skadestyring: dokumentation, koordinering, nedpakning, flytning, opmagasinering, rengøring, renovering og kvalitetskontrol',
            'Afslutning: erstatningsopgørelse, kvalitetssikring og slutdokumentation',
            'Genhusning af private og virksomheder',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Det konkrete omfang af en opgave fremgår af vores tilbud, ordrebekræftelse eller serviceaftale.',
        },
      ],
    },
    {
      id: 'aftale',
      heading: '3. Aftaleindgåelse',
      blocks: [
        {
          kind: 'paragraph',
          text: 'En aftale er indgået, når du har accepteret vores tilbud, eller når vi har bekræftet din bestilling skriftligt. Et tilbud gælder i den periode, der står i tilbuddet.',
        },
        {
          kind: 'paragraph',
          text: `Ved akutte skader kan aftalen indgås mundtligt, fx over telefonen, så arbejdet kan gå i gang med det samme. Vi bekræfter en mundtlig akutaftale skriftligt inden for ${promises.writtenConfirmationOfOralEmergencyAgreementHours} timer.`,
        },
        {
          kind: 'paragraph',
          text: 'Er opgaven bestilt af et forsikringsselskab, eller er den dækket af din forsikring, afregner vi som udgangspunkt direkte med forsikringsselskabet inden for dækningen. Selvrisiko og ydelser, der ikke er dækket af forsikringen, betales af kunden.',
        },
      ],
    },
    {
      id: 'udrykning',
      heading: '4. Udrykning og udførelse',
      blocks: [
        {
          kind: 'paragraph',
          text: `Ved akutte skader mobiliserer vi typisk inden for ${figureText.mobilisation} i de større byer og så hurtigt som muligt i resten af landet. Tidsangivelser er forventede tider og afhænger af vejr, trafik og skadens omfang.`,
        },
        {
          kind: 'paragraph',
          text: 'Kunden sørger for adgang til skadestedet og giver os de oplysninger, der er nødvendige for at udføre opgaven sikkert, fx om el, gas, asbest eller andre særlige forhold.',
        },
      ],
    },
    {
      id: 'priser',
      heading: '5. Priser og akuttillæg',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Alle priser er angivet ekskl. moms, medmindre andet fremgår. Over for forbrugere oplyser vi altid den samlede pris inkl. moms i tilbuddet.',
        },
        {
          kind: 'paragraph',
          text: 'For arbejde, der efter kundens ønske eller på grund af skadens karakter udføres uden for almindelig arbejdstid, lægges følgende tillæg til timeprisen:',
        },
        {
          kind: 'list',
          items: [
            `Aften og nat (kl. ${eveningNight}): +${terms.surchargePercent.eveningNight} %`,
            `Weekender: +${terms.surchargePercent.weekend} %`,
            `Helligdage: +${terms.surchargePercent.holiday} %`,
          ],
        },
        {
          kind: 'paragraph',
          text: 'Tillæggene lægges ikke sammen: Gælder flere tillæg for samme time, bruges det højeste.',
        },
      ],
    },
    {
      id: 'betaling',
      heading: '6. Betaling',
      blocks: [
        {
          kind: 'paragraph',
          text: `Betalingsbetingelserne er netto ${terms.paymentNetDays} dage fra fakturadato. Ved for sen betaling beregner vi renter og rykkergebyrer efter renteloven. Ved længerevarende opgaver kan vi fakturere løbende for udført arbejde.`,
        },
      ],
    },
    {
      id: 'reklamation',
      heading: '7. Reklamation',
      blocks: [
        {
          kind: 'paragraph',
          text: `Reklamationer over en leveret ydelse skal ske skriftligt senest ${terms.complaintDays} dage efter levering. Beskriv så præcist som muligt, hvad du er utilfreds med, så vi hurtigt kan undersøge og rette det. Er du forbruger, har du altid mindst de rettigheder, som forbrugerlovgivningen giver dig.`,
        },
      ],
    },
    {
      id: 'ansvar',
      heading: '8. Ansvar og ansvarsbegrænsning',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Vi udfører opgaverne fagligt forsvarligt og er ansvarlige efter dansk rets almindelige regler med de begrænsninger, der følger nedenfor.',
        },
        {
          kind: 'list',
          items: [
            `Vores samlede ansvar er begrænset til det aftalte honorar for opgaven og kan højst udgøre ${formatDkk(terms.liabilityCapDkk)} pr. skadebegivenhed.`,
            'Vi er ikke ansvarlige for indirekte tab, herunder driftstab, avancetab og tab af data, medmindre tabet skyldes forsæt eller grov uagtsomhed.',
            'Vi er ikke ansvarlige for skader, der var til stede, før vi påbegyndte arbejdet, og som fremgår af vores dokumentation.',
            'Begrænsningerne gælder ikke, hvis de strider mod ufravigelige regler i forbrugerlovgivningen.',
          ],
        },
      ],
    },
    {
      id: 'fortrolighed',
      heading: '9. Fortrolighed',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Vi behandler alle oplysninger om kunden, skaden og de berørte værdier fortroligt. Oplysningerne deles kun med de parter, der er involveret i sagen, fx forsikringsselskab og taksator, og kun i det omfang det er nødvendigt. Fortroligheden gælder også, efter at aftalen er ophørt. Vores behandling af personoplysninger er beskrevet i privatlivspolitikken.',
        },
      ],
    },
    {
      id: 'opsigelse',
      heading: '10. Opsigelse',
      blocks: [
        {
          kind: 'paragraph',
          text: `Løbende aftaler, fx serviceaftaler og beredskabsaftaler, kan opsiges af begge parter med ${terms.terminationNoticeDays} dages skriftligt varsel. Arbejde, der er udført eller bestilt inden opsigelsen, afregnes efter aftalen.`,
        },
      ],
    },
    {
      id: 'force-majeure',
      heading: '11. Force majeure',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Vi er ikke ansvarlige for forsinkelse eller manglende opfyldelse, der skyldes forhold uden for vores kontrol, fx ekstreme vejrforhold, naturkatastrofer, krig, strejke, epidemier eller myndighedspåbud. Ved omfattende hændelser som storme og skybrud prioriterer vi indsatsen efter, hvor faren for liv og værdier er størst.',
        },
      ],
    },
    {
      id: 'tvister',
      heading: '12. Lovvalg og tvister',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Aftalen er underlagt dansk ret. Opstår der uenighed, vil vi altid først forsøge at finde en løsning i dialog med dig.',
        },
        {
          kind: 'list',
          items: [
            `Tvister afgøres ved Retten i ${terms.venue} som første instans.`,
            `Mindre tvister om krav under ${formatDkk(terms.smallDisputeLimitDkk)} kan efter aftale mellem parterne i stedet løses ved mediation eller – når betingelserne er opfyldt – behandles efter retsplejelovens regler om småsager.`,
            `Er du forbruger, kan du ved en tvist om en ydelse til under ${formatDkk(terms.smallDisputeLimitDkk)} klage til Forbrugerklagenævnet via Nævnenes Hus.`,
          ],
        },
      ],
    },
  ],
};
