/**
 * The storm's evening, drawn before it starts from one seeded generator: when each emergency
 * arrives (a steady Poisson stream with cloudburst bursts on top) and who sends it (names, phones,
 * addresses, the triage answers, a few people sending twice, a few sending within seconds of
 * opening the form, each from an address of their own).
 */

/** Share of the emergencies in the steady stream; the rest come in bursts. */
const steadyShare = 0.7;
const burstCount = 3;
/** A burst lasts this share of the evening (3 minutes of an hour). */
const burstWidthShare = 0.05;

/**
 * When each of `count` emergencies arrives, in milliseconds from the start, sorted. A Poisson
 * process of a given count over a period places its events independently and uniformly; a burst
 * is a short Poisson process of its own (a cloudburst over one part of town).
 *
 * @param {{ count: number; durationMs: number; random: () => number }} options
 * @returns {number[]}
 */
export function arrivalTimes({ count, durationMs, random }) {
  const width = durationMs * burstWidthShare;
  const bursts = Array.from({ length: burstCount }, () => random() * (durationMs - width));
  const times = [];
  for (let i = 0; i < count; i++) {
    if (random() < steadyShare) times.push(random() * durationMs);
    else times.push(bursts[Math.floor(random() * burstCount)] + random() * width);
  }
  return times.sort((a, b) => a - b);
}

const firstNames = [
  'Anne',
  'Mette',
  'Jens',
  'Peter',
  'Hanne',
  'Lars',
  'Karen',
  'Søren',
  'Line',
  'Mads',
  'Ida',
  'Niels',
  'Birgitte',
  'Rasmus',
  'Sofie',
  'Henrik',
  'Camilla',
  'Ole',
  'Louise',
  'Thomas',
  'Åse',
  'Jørgen',
];
const lastNames = [
  'Jensen',
  'Nielsen',
  'Hansen',
  'Pedersen',
  'Andersen',
  'Christensen',
  'Larsen',
  'Sørensen',
  'Rasmussen',
  'Jørgensen',
  'Petersen',
  'Madsen',
  'Kristensen',
  'Olsen',
  'Thomsen',
  'Poulsen',
  'Østergaard',
];
const streets = [
  'Vestergade',
  'Nørregade',
  'Søndergade',
  'Østergade',
  'Strandvejen',
  'Åboulevarden',
  'Jagtvej',
  'Frederiksberg Allé',
  'Gammel Kongevej',
  'Amagerbrogade',
  'Kongens Vænge',
  'Bøgevej',
];
const towns = [
  '1620 København V',
  '2100 København Ø',
  '2200 København N',
  '2300 København S',
  '2450 København SV',
  '2500 Valby',
  '2720 Vanløse',
  '2900 Hellerup',
  '8000 Aarhus C',
  '5000 Odense C',
];
const damageTypes = ['skybrudsskade', 'skybrudsskade', 'vandskade', 'vandskade', 'stormskade'];
const insurers = ['Tryg', 'Topdanmark', 'Codan', 'Alm. Brand', 'GF Forsikring', 'Gjensidige'];
/** Leading digits of Danish mobile numbers. */
const mobilePrefixes = [
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '31',
  '40',
  '41',
  '42',
  '50',
  '51',
  '52',
  '53',
  '60',
  '61',
  '71',
  '81',
  '91',
  '92',
  '93',
];
const messages = [
  'Vand i kælderen efter skybruddet, det stiger stadig.',
  'Kloakken er løbet over, der står vand på gulvet.',
  'Vand trænger ind gennem vinduet i stuen.',
  'Taget er utæt, det drypper ned i soveværelset.',
  'Kælderen er oversvømmet, og vi kan ikke stoppe det.',
];

const pick = (random, list) => list[Math.floor(random() * list.length)];

/**
 * The triage answers: about 10 % a danger to people (kritisk), about 25 % another "ja" (høj), the
 * others "nej" or, now and then, not answered.
 */
function triage(random) {
  const roll = random();
  const answered = random() < 0.85;
  const no = answered ? 'nej' : undefined;
  if (roll < 0.1)
    return {
      answers: { personfare: 'ja', kloakvand: pick(random, ['ja', 'nej']), ubeboelig: no, saarbare: no },
      priority: 'kritisk',
    };
  if (roll < 0.35) {
    const answers = { personfare: 'nej', kloakvand: 'nej', ubeboelig: 'nej', saarbare: 'nej' };
    answers[pick(random, ['kloakvand', 'ubeboelig', 'saarbare'])] = 'ja';
    return { answers, priority: 'hoej' };
  }
  return { answers: { personfare: no, kloakvand: no, ubeboelig: no, saarbare: no }, priority: 'normal' };
}

/**
 * Who sends each of `count` emergencies, in arrival order. About 3 % are a second emergency from
 * someone who already sent one (same name, phone, e-mail, address and client address: "it is
 * getting worse"); about 3 % are sent within a second of opening the form (faster than the spam
 * check's time trap: a weak sign, so they must still page).
 *
 * @param {{ count: number; random: () => number }} options
 */
export function senders({ count, random }) {
  const usedPhones = new Set();
  const usedAddresses = new Set();
  /** @type {any[]} */
  const list = [];
  for (let i = 0; i < count; i++) {
    const earlier = list.filter((sender) => sender.duplicateOf === undefined);
    if (earlier.length > 0 && random() < 0.03) {
      const original = pick(random, earlier);
      list.push({
        ...original,
        index: i,
        duplicateOf: original.index,
        tooFast: false,
        besked: 'Det bliver værre – ring venligst hurtigst muligt!',
      });
      continue;
    }
    let phone;
    do phone = `${pick(random, mobilePrefixes)}${String(Math.floor(random() * 1e6)).padStart(6, '0')}`;
    while (usedPhones.has(phone));
    usedPhones.add(phone);
    const name = `${pick(random, firstNames)} ${pick(random, lastNames)}`;
    const { answers, priority } = triage(random);
    // An address of its own: the server links an emergency from the address of an open one to it
    // (server/leads/duplicates.ts), and only the planned second emergencies are meant to repeat.
    let address;
    do address = `${pick(random, streets)} ${1 + Math.floor(random() * 120)}, ${pick(random, towns)}`;
    while (usedAddresses.has(address));
    usedAddresses.add(address);
    list.push({
      index: i,
      name,
      phone: `${phone.slice(0, 2)} ${phone.slice(2, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`,
      email: `storm-${i + 1}@storm.test`,
      address,
      skadetype: pick(random, damageTypes),
      forsikringsselskab: pick(random, insurers),
      besked: pick(random, messages),
      triage: answers,
      priority,
      tooFast: random() < 0.03,
      // 198.18.0.0/15 is set aside for benchmarks: one address per person.
      ip: `198.18.${Math.floor((i + 1) / 250)}.${((i + 1) % 250) + 1}`,
      duplicateOf: undefined,
    });
  }
  return list;
}

/** The body of POST /api/leads for one sender, as the emergency form sends it. */
export function emergencyBody(sender, formToken) {
  const triageAnswers = Object.fromEntries(
    Object.entries(sender.triage).filter(([, value]) => value !== undefined),
  );
  return {
    kind: 'akut-skade',
    fuldeNavn: sender.name,
    adresse: sender.address,
    telefon: sender.phone,
    email: sender.email,
    forsikringsselskab: sender.forsikringsselskab,
    policeNr: '',
    skadeNr: '',
    skadetype: sender.skadetype,
    besked: sender.besked,
    images: [],
    ...triageAnswers,
    formToken,
    website: '',
  };
}
