import { casePage, retention } from '../../../domain/constants';
import { company } from '../../../domain/company';
import { companyFacts } from './company-facts';
import type { LegalDocument } from './legal-document';

export const privacyPolicy: LegalDocument = {
  metaTitle: 'Privatlivspolitik',
  metaDescription: `Sådan behandler ${company.name} dine personoplysninger: hvad vi indsamler, hvorfor, hvor længe vi gemmer dem, og hvilke rettigheder du har efter GDPR.`,
  title: 'Privatlivspolitik',
  intro: `Vi passer på de oplysninger, du giver os. Her kan du læse, hvilke personoplysninger ${company.name} behandler, når du bruger hjemmesiden og vores ydelser, hvorfor vi gør det, og hvilke rettigheder du har efter databeskyttelsesforordningen (GDPR) og databeskyttelsesloven.`,
  updatedAt: '2026-11-25',
  updatedLabel: 'Senest opdateret',
  tocTitle: 'Indhold',
  sections: [
    {
      id: 'dataansvarlig',
      heading: 'Dataansvarlig',
      blocks: [
        { kind: 'paragraph', text: 'Den dataansvarlige for behandlingen af dine personoplysninger er:' },
        companyFacts,
        {
          kind: 'paragraph',
          text: `Har du spørgsmål til, hvordan vi behandler dine oplysninger, eller vil du bruge dine rettigheder, så skriv til ${company.email}.`,
        },
      ],
    },
    {
      id: 'oplysninger',
      heading: 'Hvilke oplysninger vi indsamler',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Vi indsamler kun de oplysninger, du selv giver os, og de tekniske oplysninger, der er nødvendige for at drive hjemmesiden sikkert:',
        },
        {
          kind: 'list',
          items: [
            'Kontaktformularen: navn, e-mail, telefonnummer (valgfrit), den ydelse, du spørger om, og din besked.',
            'Skadeanmeldelse: hvem du er (fx privatperson, virksomhed eller taksator), navn, telefon, adresse, e-mail, forsikringsselskab, police- og skadenummer, skadetype, din beskrivelse og de billeder, du vedhæfter. Anmelder du for en virksomhed, også virksomhedsnavn og CVR-nummer; anmelder du på vegne af andre, også rekvirentens navn, telefon og e-mail.',
            'Akut henvendelse: navn, adresse, telefon, e-mail, forsikringsselskab, police- og skadenummer, skadetype, din besked og de billeder, du uploader.',
            'Bestilling af gratis materialer: navn, e-mail, telefonnummer, virksomhedsnavn (valgfrit) og hvilket materiale, du har bestilt.',
            'Adressesøgning: Når du skriver en adresse i en formular, sendes teksten via vores server til en dansk adresseservice, så vi kan foreslå adresser. Vi gemmer ikke dine søgninger, og din IP-adresse sendes ikke videre.',
            'Tekniske oplysninger: Vores server registrerer IP-adresse, tidspunkt og den side, der blev hentet, for at kunne drive hjemmesiden og beskytte den mod misbrug, fx gentagne automatiske indsendelser.',
            'Sager og opgaver: Når vi håndterer en skade for dig, registrerer vi de oplysninger, der er nødvendige for opgaven, fx beskrivelser, billeder og 3D-scanninger af skadestedet og fortegnelser over indbo.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Billeder og 3D-scanninger kan vise personer og private hjem. Vi beder dig undgå at fotografere personer, og vi beder dig ikke skrive helbredsoplysninger eller andre følsomme oplysninger i formularerne, medmindre det er nødvendigt for at hjælpe dig.',
        },
      ],
    },
    {
      id: 'formaal',
      heading: 'Formål og retsgrundlag',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Vi behandler dine oplysninger til disse formål og med dette retsgrundlag:',
        },
        {
          kind: 'list',
          items: [
            'At besvare din henvendelse, sende dig det materiale, du har bestilt, og give dig et tilbud – GDPR artikel 6, stk. 1, litra b (forberedelse og opfyldelse af en aftale).',
            'At håndtere din skade og levere vores ydelser, herunder samarbejdet med dit forsikringsselskab, taksator og håndværkere – artikel 6, stk. 1, litra b og f (aftale og vores legitime interesse i at udføre opgaven forsvarligt).',
            'At opfylde vores pligter efter bogføringsloven og anden lovgivning – artikel 6, stk. 1, litra c (retlig forpligtelse).',
            'At holde hjemmesiden sikker og stabil og forhindre misbrug – artikel 6, stk. 1, litra f (legitim interesse).',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Vi sender ikke nyhedsbreve eller markedsføring, og vi bruger ikke dine oplysninger til profilering eller automatiske afgørelser.',
        },
      ],
    },
    {
      id: 'modtagere',
      heading: 'Hvem vi deler oplysninger med',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Vi sælger aldrig dine oplysninger. Vi deler dem kun, når det er nødvendigt:',
        },
        {
          kind: 'list',
          items: [
            'Dit forsikringsselskab, taksator, skadebehandler eller forsikringsmægler, når det er nødvendigt for at behandle skaden – og altid kun de oplysninger, der vedrører sagen.',
            'Håndværkere, transportører, lagre og andre underleverandører, som udfører en del af opgaven for os.',
            'Vores databehandlere: leverandører af hosting, e-mail og sikker lagring af filer. De må kun behandle oplysningerne efter vores instruks og er bundet af databehandleraftaler.',
            'Den adresseservice, der foreslår adresser, modtager kun den tekst, du skriver i adressefeltet.',
            'Offentlige myndigheder, når loven kræver det.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Vi behandler og opbevarer oplysningerne inden for EU/EØS. Skulle det blive nødvendigt at overføre oplysninger til et land uden for EU/EØS, sker det kun med et gyldigt overførselsgrundlag, fx EU-Kommissionens standardkontraktbestemmelser.',
        },
      ],
    },
    {
      id: 'opbevaring',
      heading: 'Hvor længe vi gemmer oplysningerne',
      blocks: [
        {
          kind: 'list',
          items: [
            `Kundeoplysninger og sagsoplysninger gemmes i ${retention.customerDataYearsAfterContract} år efter, at aftalen er ophørt, af hensyn til bogføringsloven og eventuelle krav.`,
            `Henvendelser, der ikke fører til en aftale – via kontaktformular, skadeanmeldelse, akut henvendelse eller bestilling af materialer – gemmes i ${retention.contactEnquiriesYears} år efter den seneste kontakt.`,
            `Billeder, der uploades i den akutte formular, men aldrig bliver sendt, slettes automatisk efter ${retention.unattachedUploadMinutes} minutter.`,
            `Hjemmesiden bruger i dag ingen analyseværktøjer. Indfører vi anonym besøgsstatistik, gemmes den i højst ${retention.analyticsMonths} måneder, og vi opdaterer denne politik først.`,
            'Tekniske logoplysninger gemmes kun, så længe det er nødvendigt for drift og sikkerhed.',
          ],
        },
      ],
    },
    {
      id: 'sagsside',
      heading: 'Din sagsside',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Når du har sendt en skadeanmeldelse, en akut henvendelse eller kontaktformularen, får du en kvittering på e-mail med et personligt link: "Følg din sag". Linket fører til en side, der viser sagens referencenummer, hvilken slags henvendelse det er, hvornår vi modtog den, skadetype og adresse, og hvor langt vi er med sagen. Siden viser ikke dit navn, din e-mail, dit telefonnummer eller vores interne noter.',
        },
        {
          kind: 'paragraph',
          text: `På siden kan du sende os flere billeder (højst ${casePage.maxExtraPhotos} pr. sag) og en kort besked. De gemmes med sagen og slettes sammen med den.`,
        },
        {
          kind: 'paragraph',
          text: `Alle, der har linket, kan se siden uden at logge ind. Del det derfor kun med dem, der skal kunne følge sagen. Vil du have linket lukket, eller vil du have et nyt, så ring til os på ${company.phoneDisplay} eller skriv til ${company.email}. Linket holder op med at virke, når sagen slettes – efter de perioder, der står ovenfor, eller når du beder os slette dine oplysninger.`,
        },
      ],
    },
    {
      id: 'rettigheder',
      heading: 'Dine rettigheder',
      blocks: [
        { kind: 'paragraph', text: 'Du har efter databeskyttelsesreglerne ret til:' },
        {
          kind: 'list',
          items: [
            'at få indsigt i de oplysninger, vi behandler om dig',
            'at få urigtige oplysninger rettet',
            'at få dine oplysninger slettet, når vi ikke længere har et grundlag for at behandle dem',
            'at få behandlingen begrænset',
            'at få udleveret de oplysninger, du selv har givet os, i et almindeligt maskinlæsbart format (dataportabilitet)',
            'at gøre indsigelse mod behandling, der sker på grundlag af vores legitime interesse',
          ],
        },
        {
          kind: 'paragraph',
          text: `Skriv til os på ${company.email}, hvis du vil bruge dine rettigheder. Vi svarer inden for ${retention.requestAnswerDays} dage. Vi kan bede dig bekræfte din identitet, før vi udleverer eller sletter oplysninger.`,
        },
      ],
    },
    {
      id: 'klage',
      heading: 'Klage til Datatilsynet',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Er du utilfreds med, hvordan vi behandler dine oplysninger, vil vi gerne høre det, så vi kan rette op på det. Du kan også altid klage til Datatilsynet:',
        },
        {
          kind: 'facts',
          items: [
            { label: 'Myndighed', value: 'Datatilsynet' },
            { label: 'Adresse', value: 'Carl Jacobsens Vej 35, 2500 Valby' },
            { label: 'Telefon', value: '33 19 32 00', href: 'tel:+4533193200' },
            { label: 'E-mail', value: 'dt@datatilsynet.dk', href: 'mailto:dt@datatilsynet.dk' },
            { label: 'Hjemmeside', value: 'www.datatilsynet.dk', href: 'https://www.datatilsynet.dk' },
          ],
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Hjemmesiden sætter ingen cookies til statistik, markedsføring eller sporing, og vi indlæser ikke scripts, skrifttyper eller billeder fra tredjeparter. Derfor beder vi heller ikke om samtykke til cookies.',
        },
        {
          kind: 'paragraph',
          text: 'Når du åbner en side med en formular, sætter vi én nødvendig cookie, "formularnoegle". Den indeholder kun en signeret nøgle med tidspunktet, hvor siden blev åbnet – ingen oplysninger om dig – og bruges kun til at skelne henvendelser fra mennesker fra automatisk spam, også når din browser ikke kører scripts. Den udløber efter to timer og kræver ikke samtykke, fordi den alene tjener til at modtage den formular, du selv vælger at sende.',
        },
        {
          kind: 'paragraph',
          text: 'Knapperne til at dele en artikel på LinkedIn, Facebook og X er almindelige links. Først når du klikker på et af dem, åbnes det sociale netværk, som så behandler dine oplysninger efter sin egen privatlivspolitik.',
        },
      ],
    },
    {
      id: 'sikkerhed',
      heading: 'Sikkerhed',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Al kommunikation med hjemmesiden er krypteret. Uploadede billeder gemmes under tilfældige navne, kan ikke findes eller åbnes udefra og er kun tilgængelige for vores medarbejdere via tidsbegrænsede, personlige links. Kun medarbejdere, der arbejder med din sag, har adgang til dine oplysninger.',
        },
      ],
    },
    {
      id: 'aendringer',
      heading: 'Ændringer i politikken',
      blocks: [
        {
          kind: 'paragraph',
          text: `Vi opdaterer privatlivspolitikken, når vores behandling af personoplysninger ændrer sig. Datoen øverst viser, hvornår den sidst blev ændret. Ved væsentlige ændringer giver vi besked på hjemmesiden. Spørgsmål er altid velkomne på ${company.email}.`,
        },
      ],
    },
  ],
};
