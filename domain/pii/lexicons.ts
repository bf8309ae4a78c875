import { faker as fakerDe } from '@faker-js/faker/locale/de';
import { faker as fakerEn } from '@faker-js/faker/locale/en';
import nlp from 'compromise';

/**
 * Word lists for names, places, organisations and NRP terms, built once at load time from the
 * packages we ship (compromise's English lexicon, @faker-js/faker's en and de locales) plus short
 * hand lists for what neither has (German exonyms, German NRP terms, well-known organisations).
 * Everything is lower case; lookups lower-case the token first.
 */

type Lexicon = Record<string, string | string[]>;
const compromiseLexicon = (nlp as unknown as { model(): { one: { lexicon: Lexicon } } }).model().one.lexicon;

function compromiseWords(tags: string[]): string[] {
  const out: string[] = [];
  for (const [word, tag] of Object.entries(compromiseLexicon)) {
    const list = Array.isArray(tag) ? tag : [tag];
    if (list.some((t) => tags.includes(t))) out.push(word);
  }
  return out;
}

interface PersonDefinitions {
  first_name?: { generic?: string[]; female?: string[]; male?: string[] };
  last_name?: { generic?: string[] };
}
interface LocationDefinitions {
  city_name?: string[];
  state?: string[];
  country?: string[];
  street_name?: string[];
}

function fakerPerson(f: typeof fakerEn): PersonDefinitions {
  return f.rawDefinitions.person as PersonDefinitions;
}
function fakerLocation(f: typeof fakerEn): LocationDefinitions {
  return f.rawDefinitions.location as LocationDefinitions;
}

const lower = (xs: Iterable<string>) => [...xs].map((x) => x.toLowerCase());

function firstNamesOf(f: typeof fakerEn): string[] {
  const fn = fakerPerson(f).first_name ?? {};
  return [...(fn.generic ?? []), ...(fn.female ?? []), ...(fn.male ?? [])];
}

/**
 * First names that are also everyday words: alone they are not evidence of a person; next to a
 * capitalised surname or after a title they still count.
 */
export const AMBIGUOUS_FIRST_NAMES = new Set([
  'may', 'june', 'april', 'august', 'will', 'bill', 'mark', 'grant', 'hope', 'joy', 'faith', 'rose', 'summer',
  'autumn', 'dawn', 'eve', 'art', 'ray', 'rich', 'sunny', 'pat', 'sue', 'jack', 'frank', 'guy', 'long', 'young',
  'page', 'chance', 'sky', 'star', 'don', 'lane', 'gay', 'iris', 'lily', 'violet', 'ruby', 'pearl', 'amber',
  'crystal', 'destiny', 'heaven', 'honey', 'ivy', 'jade', 'sage', 'stone', 'wolf', 'bear', 'max', 'ernst',
  'kai', 'heide', 'rosa', 'grace', 'miles', 'price', 'king', 'hunter', 'mason', 'carter', 'cooper', 'parker',
  'taylor', 'christian', 'angel', 'paris', 'sydney', 'london', 'florence', 'georgia', 'virginia', 'austin',
  'dallas', 'houston', 'jordan', 'china', 'india', 'asia', 'america', 'kent', 'lincoln', 'washington', 'dean',
  'new', 'major', 'harmony', 'liberty', 'justice', 'unique', 'precious', 'royal', 'general', 'le', 'la', 'an',
  'in', 'do', 'man', 'so', 'see', 'sea', 'son', 'lee', 'van', 'von', 'de', 'di', 'du', 'al', 'el', 'mo', 'ok',
  'per', 'alle', 'bei', 'nur', 'ende', 'ahmad', 'tag', 'see', 'gute', 'ich', 'jan', 'ana',
]);

const HAND_MALE_NAMES = ['jürgen', 'jörg', 'günter', 'günther', 'björn', 'sören', 'hans-peter', 'karl-heinz', 'mehmet', 'mustafa', 'ahmet', 'hüseyin'];
const HAND_FEMALE_NAMES = ['anne-marie', 'ayşe', 'fatma', 'emine', 'özlem', 'katarzyna', 'małgorzata'];
const HAND_FIRST_NAMES = [...HAND_MALE_NAMES, ...HAND_FEMALE_NAMES];

export const FIRST_NAMES = new Set(
  lower([
    ...compromiseWords(['FirstName', 'MaleName', 'FemaleName']),
    ...firstNamesOf(fakerEn),
    ...firstNamesOf(fakerDe),
    ...HAND_FIRST_NAMES,
  ]),
);

/** First names by sex (for stand-ins that keep "Herr"/"Frau" and pronouns consistent). */
export const FEMALE_FIRST_NAMES = new Set(
  lower([...compromiseWords(['FemaleName']), ...(fakerPerson(fakerEn).first_name?.female ?? []), ...(fakerPerson(fakerDe).first_name?.female ?? []), ...HAND_FEMALE_NAMES]),
);
export const MALE_FIRST_NAMES = new Set(
  lower([...compromiseWords(['MaleName']), ...(fakerPerson(fakerEn).first_name?.male ?? []), ...(fakerPerson(fakerDe).first_name?.male ?? []), ...HAND_MALE_NAMES]),
);

export const LAST_NAMES = new Set(
  lower([
    ...compromiseWords(['LastName']),
    ...(fakerPerson(fakerEn).last_name?.generic ?? []),
    ...(fakerPerson(fakerDe).last_name?.generic ?? []),
  ]),
);

/** Everyday English words (compromise's lexicon minus its name and place entries). */
export const ENGLISH_WORDS = new Set(
  Object.entries(compromiseLexicon)
    .filter(([, t]) => {
      const list = Array.isArray(t) ? t : [t];
      return !list.some((x) =>
        ['FirstName', 'MaleName', 'FemaleName', 'LastName', 'City', 'Country', 'Region', 'Place', 'Organization', 'Person', 'ProperNoun', 'SportsTeam'].includes(x),
      );
    })
    .map(([w]) => w),
);

/** Titles and forms of address that announce a person's name (lower case, without the dot). */
export const PERSON_TITLES = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'lord', 'lady', 'madam', 'herr', 'herrn', 'frau',
  'fr', 'hr', 'dipl', 'ing', 'mag', 'rev', 'fräulein', 'professor', 'doktor', 'president', 'senator', 'judge',
  'officer', 'nurse', 'patient', 'patientin', 'pt', 'grandma', 'grandpa', 'granny', 'uncle', 'aunt', 'auntie', 'cousin',
  'oma', 'opa', 'onkel', 'tante', 'pflegerin', 'pfleger', 'schwester', 'kollegin', 'kollege', 'mag', 'ing',
]);

/** Name particles kept inside a person's name ("Ludwig van Beethoven", "Ursula von der Leyen"). */
export const NAME_PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'da', 'di', 'du', 'la', 'le', 'zu', 'vom', 'ten', 'ter', 'al', 'bin', 'ibn']);

const HAND_PLACES_DE = [
  'München', 'Köln', 'Nürnberg', 'Düsseldorf', 'Frankfurt', 'Frankfurt am Main', 'Wien', 'Zürich', 'Genf', 'Basel',
  'Bern', 'Salzburg', 'Graz', 'Linz', 'Innsbruck', 'Prag', 'Warschau', 'Rom', 'Mailand', 'Venedig', 'Neapel',
  'Moskau', 'Brüssel', 'Lissabon', 'Kopenhagen', 'Athen', 'Peking', 'Kairo', 'Bayern', 'Sachsen', 'Tirol',
  'Hannover', 'Bremen', 'Hamburg', 'Berlin', 'Stuttgart', 'Leipzig', 'Dresden', 'Dortmund', 'Essen', 'Bonn',
  'Mannheim', 'Karlsruhe', 'Wiesbaden', 'Mainz', 'Freiburg', 'Heidelberg', 'Potsdam', 'Kiel', 'Lübeck', 'Rostock',
  'Erfurt', 'Jena', 'Magdeburg', 'Augsburg', 'Regensburg', 'Würzburg', 'Ulm', 'Münster', 'Bielefeld', 'Göttingen',
  'Bochum', 'Wuppertal', 'Aachen', 'Saarbrücken', 'Trier', 'Koblenz', 'Kassel', 'Osnabrück', 'Oldenburg',
  'Braunschweig', 'Chemnitz', 'Halle', 'Schwerin', 'Ingolstadt', 'Darmstadt', 'Offenbach', 'Bad Homburg',
  'Europa', 'Asien', 'Afrika', 'Nordamerika', 'Südamerika', 'Amerika', 'Deutschland', 'Österreich', 'Schweiz',
  'Frankreich', 'Italien', 'Spanien', 'England', 'Großbritannien', 'Niederlande', 'Polen', 'Türkei',
  'Vereinigte Staaten', 'USA', 'Kanada', 'Ruhrgebiet', 'Schwarzwald', 'Allgäu', 'Rheinland', 'Westfalen',
];

const HAND_PLACES_EN = [
  'New York', 'New York City', 'Los Angeles', 'San Francisco', 'San Diego', 'San Jose', 'Las Vegas', 'New Orleans',
  'Washington', 'Boston', 'Chicago', 'Seattle', 'Denver', 'Atlanta', 'Miami', 'Dallas', 'Houston', 'Austin',
  'Philadelphia', 'Phoenix', 'Portland', 'Detroit', 'Toronto', 'Vancouver', 'Montreal', 'London', 'Manchester',
  'Birmingham', 'Liverpool', 'Edinburgh', 'Glasgow', 'Dublin', 'Cardiff', 'Belfast', 'Paris', 'Madrid',
  'Barcelona', 'Rome', 'Milan', 'Vienna', 'Munich', 'Cologne', 'Nuremberg', 'Zurich', 'Geneva', 'Prague',
  'Warsaw', 'Moscow', 'Brussels', 'Amsterdam', 'Rotterdam', 'Lisbon', 'Copenhagen', 'Stockholm', 'Oslo',
  'Helsinki', 'Athens', 'Istanbul', 'Beijing', 'Shanghai', 'Tokyo', 'Osaka', 'Seoul', 'Mumbai', 'Delhi',
  'New Delhi', 'Bangalore', 'Singapore', 'Sydney', 'Melbourne', 'Auckland', 'Cairo', 'Lagos', 'Nairobi',
  'Johannesburg', 'Cape Town', 'Mexico City', 'São Paulo', 'Rio de Janeiro', 'Buenos Aires', 'Lima', 'Bogotá',
  'Europe', 'Asia', 'Africa', 'North America', 'South America', 'United States', 'United Kingdom', 'Great Britain',
  'Silicon Valley', 'Bavaria', 'Scotland', 'Wales', 'Ireland', 'Northern Ireland', 'Texas', 'California',
];

/** Places as lower-case token sequences joined by one space (multi-word places are looked up whole). */
export const PLACES = new Set(
  lower([
    ...compromiseWords(['City', 'Country', 'Region']),
    ...(fakerLocation(fakerEn).city_name ?? []),
    ...(fakerLocation(fakerEn).state ?? []),
    ...(fakerLocation(fakerEn).country ?? []),
    ...(fakerLocation(fakerDe).city_name ?? []),
    ...(fakerLocation(fakerDe).state ?? []),
    ...(fakerLocation(fakerDe).country ?? []),
    ...HAND_PLACES_DE,
    ...HAND_PLACES_EN,
  ]).filter((p) => p.length > 2),
);

/** Place names that are everyday words too: only counted after a place cue ("in", "from", "nach"). */
export const AMBIGUOUS_PLACES = new Set(
  [...PLACES].filter((p) => !p.includes(' ') && (ENGLISH_WORDS.has(p) || AMBIGUOUS_FIRST_NAMES.has(p))),
);
for (const w of ['halle', 'essen', 'bern', 'ulm', 'marl', 'rom', 'jena', 'hof', 'weil', 'lahr', 'bad', 'mobile', 'reading', 'bath', 'nice', 'orange', 'independence', 'victoria', 'georgia', 'jordan', 'chad', 'turkey', 'china', 'guinea', 'normal', 'surprise', 'chester']) {
  AMBIGUOUS_PLACES.add(w);
}

/** Longest place length in tokens (the matcher tries the longest sequence first). */
export const MAX_PLACE_TOKENS = Math.max(...[...PLACES].map((p) => p.split(' ').length));

/** First word of a place → the most tokens a place starting with it has (skips hopeless lookups). */
export const PLACE_FIRST_WORDS = new Map<string, number>();
for (const p of PLACES) {
  const words = p.split(' ');
  PLACE_FIRST_WORDS.set(words[0], Math.max(PLACE_FIRST_WORDS.get(words[0]) ?? 0, words.length));
}

/** Legal-form and institution words that end (or start) an organisation's name. */
export const ORG_SUFFIXES = [
  'GmbH & Co. KG', 'GmbH & Co KG', 'gGmbH', 'GmbH', 'AG', 'KGaA', 'KG', 'OHG', 'UG', 'e.V.', 'eG', 'SE', 'mbH',
  'Inc.', 'Inc', 'LLC', 'L.L.C.', 'Ltd.', 'Ltd', 'Limited', 'Corp.', 'Corp', 'Corporation', 'Co.', 'PLC', 'plc',
  'LLP', 'LP', 'S.A.', 'SA', 'S.p.A.', 'B.V.', 'BV', 'N.V.', 'NV', 'Pty Ltd', 'Group', 'Gruppe', 'Holding',
  'Holdings', 'Partners', 'Partner', '& Partner', 'and Sons', '& Sons', 'Bank', 'Sparkasse', 'Volksbank',
  'Foundation', 'Stiftung', 'Institute', 'Institut', 'University', 'Universität', 'Hochschule', 'Klinikum',
  'Clinic', 'Klinik', 'Hospital', 'Krankenhaus', 'Consulting', 'Technologies', 'Systems', 'Solutions',
  'Software', 'Labs', 'Industries', 'Versicherung', 'Verlag', 'Werke', 'Stadtwerke', 'Associates', 'Agency',
  // Legal forms of other countries: Nordic, Central and Eastern European, Romance, Latin American, Asian.
  'a.s.', 'a. s.', 's.r.o.', 'spol. s r.o.', 'k.s.', 'v.o.s.', 'AS', 'ASA', 'A/S', 'ApS', 'I/S', 'Oy', 'Oyj', 'Ab', 'AB', 'HB',
  'Sp. z o.o.', 'sp. z o.o.', 'S.K.A.', 'Sp.j.', 'd.o.o.', 'd.d.', 'a.d.', 'Kft.', 'Zrt.', 'Nyrt.', 'Bt.', 'S.R.L.', 'SRL', 'S.r.l.',
  'S.p.A.', 'SpA', 'S.a.s.', 'S.n.c.', 'SARL', 'S.A.R.L.', 'SAS', 'S.A.S.', 'Sàrl', 'Sagl', 'e.U.', 'OG', 'GesmbH', 'Ges.m.b.H.',
  'S.L.', 'SL', 'S.A. de C.V.', 'S. de R.L.', 'Ltda.', 'Ltda', 'EIRELI', 'ME', 'Tbk', 'PT', 'CV', 'Pvt. Ltd.', 'Pvt Ltd', 'Private Limited',
  'JSC', 'PJSC', 'LLP', 'PLLC', 'A.Ş.', 'AŞ', 'Ltd. Şti.', 'TOV', 'TOO', 'OOO', 'Co., Ltd.', 'Co. Ltd.', 'K.K.', 'Pte. Ltd.', 'Sdn. Bhd.',
  'y Asociados', 'Asociados', 'Hermanos', 'and Sons', '& Söhne', 'und Söhne', 'Brothers', 'Bros.', '& Co.', 'Cooperative', 'Genossenschaft',
];

/** Words that start an organisation's name ("University of X", "Stadtwerke X", "Bank of X"). */
export const ORG_PREFIXES = ['University of', 'Bank of', 'Universität', 'Stadtwerke', 'Klinikum', 'Sparkasse', 'Institute of', 'Technische Universität', 'Landesbank', 'Department of', 'Ministry of', 'Bundesministerium für'];

const HAND_ORGS = [
  'Siemens', 'Bosch', 'BMW', 'Volkswagen', 'Daimler', 'Mercedes-Benz', 'Allianz', 'SAP', 'BASF', 'Bayer', 'Lufthansa',
  'Deutsche Bank', 'Commerzbank', 'Deutsche Telekom', 'Deutsche Bahn', 'Deutsche Post', 'DHL', 'Adidas', 'Puma',
  'Porsche', 'Audi', 'Henkel', 'Continental', 'Zalando', 'Aldi', 'Lidl', 'Rewe', 'Edeka', 'Otto', 'Telefónica',
  'Vodafone', 'Microsoft', 'Google', 'Alphabet', 'Apple', 'Amazon', 'Meta', 'Facebook', 'Netflix', 'Tesla',
  'IBM', 'Intel', 'Oracle', 'Salesforce', 'OpenAI', 'Anthropic', 'Nvidia', 'Cisco', 'Accenture', 'Deloitte',
  'KPMG', 'PwC', 'McKinsey', 'Goldman Sachs', 'JPMorgan', 'JPMorgan Chase', 'Morgan Stanley', 'Wells Fargo',
  'Citibank', 'HSBC', 'Barclays', 'UBS', 'Credit Suisse', 'Pfizer', 'Novartis', 'Roche', 'Walmart', 'Target',
  'Boeing', 'Airbus', 'Uber', 'Airbnb', 'Spotify', 'Shell', 'BP', 'Unilever', 'Nestlé', 'Nestle', 'Samsung',
  'Sony', 'Toyota', 'Honda', 'Ikea', 'IKEA', 'Coca-Cola', 'PepsiCo', 'Charité', 'Fraunhofer', 'TÜV', 'ADAC',
];

/** Known organisation names (lower case, multi-word joined by one space). */
export const ORGANIZATIONS = new Set(
  lower([...compromiseWords(['Organization', 'SportsTeam']), ...HAND_ORGS]).filter(
    (o) => o.length > 2 && !['dept', 'univ', 'assn', 'inc', 'ltd', 'co', 'corp', 'bros', 'llc'].includes(o),
  ),
);

/** Organisation names that are also everyday words (target, shell, apple, meta, otto, puma...). */
export const AMBIGUOUS_ORGS = new Set(['target', 'shell', 'apple', 'meta', 'otto', 'puma', 'continental', 'amazon', 'bayer', 'rewe', 'bp', 'bosch', 'gap', 'next', 'sky', 'orange', 'visa', 'ford', 'disney']);
export const MAX_ORG_TOKENS = 4;
export const ORG_FIRST_WORDS = new Map<string, number>();
for (const o of ORGANIZATIONS) {
  const words = o.split(' ');
  ORG_FIRST_WORDS.set(words[0], Math.max(ORG_FIRST_WORDS.get(words[0]) ?? 0, words.length));
}

/**
 * NRP: nationality, religious or political group. English demonyms come from compromise; the
 * German ones are stems that take adjective endings (deutsch, deutsche, deutschen, ...).
 */
const NRP_EN = [
  ...compromiseWords(['Demonym']),
  'christian', 'christians', 'muslim', 'muslims', 'moslem', 'islamic', 'jewish', 'jew', 'jews', 'hindu', 'hindus',
  'buddhist', 'buddhists', 'sikh', 'sikhs', 'catholic', 'catholics', 'protestant', 'protestants', 'evangelical',
  'orthodox', 'mormon', 'atheist', 'atheists', 'agnostic', 'lutheran', 'methodist', 'baptist', 'anglican',
  'democrat', 'democrats', 'republican', 'republicans', 'conservative', 'conservatives', 'liberal', 'liberals',
  'turkish', 'polish', 'german', 'french', 'british', 'irish', 'dutch', 'spanish', 'swedish', 'danish', 'finnish', 'scottish',
  'welsh', 'kurdish', 'swiss', 'greek', 'czech', 'thai', 'filipino', 'vietnamese', 'chinese', 'japanese', 'portuguese',
  'socialist', 'socialists', 'communist', 'communists', 'libertarian', 'tory', 'tories', 'labour', 'shia', 'sunni',
];
/**
 * Groups that are peoples or faiths rather than a country's demonym (general knowledge, written
 * for this list; the plural forms are generated below).
 */
const NRP_GROUPS_EN = [
  'yoruba', 'igbo', 'hausa', 'fulani', 'zulu', 'xhosa', 'maasai', 'kikuyu', 'amhara', 'oromo', 'tigrayan', 'somali', 'berber', 'amazigh',
  'tuareg', 'bedouin', 'kurd', 'pashtun', 'tajik', 'uzbek', 'hazara', 'baloch', 'punjabi', 'sindhi', 'bengali', 'tamil', 'telugu', 'gujarati',
  'marathi', 'sinhalese', 'roma', 'romani', 'sami', 'basque', 'catalan', 'galician', 'flemish', 'walloon', 'frisian', 'sorb', 'uyghur',
  'tibetan', 'han', 'hmong', 'khmer', 'maori', 'aboriginal', 'inuit', 'cherokee', 'navajo', 'latino', 'latina', 'hispanic', 'chicano',
  'afrikaner', 'creole', 'druze', 'alawite', 'yazidi', 'copt', 'coptic', 'chaldean', 'assyrian', 'armenian',
  'jain', 'bahai', "bahá'í", 'zoroastrian', 'taoist', 'confucian', 'shinto', 'shiite', 'shia', 'sunni', 'sufi', 'ismaili', 'ahmadi',
  'evangelical', 'pentecostal', 'quaker', 'amish', 'mennonite', 'adventist', 'presbyterian', 'calvinist', 'episcopalian', 'unitarian',
  'mormon', 'hasidic', 'orthodox jew', 'rastafarian', 'pagan', 'wiccan', 'humanist',
  'nationalist', 'anarchist', 'marxist', 'maoist', 'leninist', 'trotskyist', 'populist', 'centrist', 'leftist', 'progressive', 'monarchist',
  'royalist', 'unionist', 'loyalist', 'republican', 'democrat', 'social democrat', 'christian democrat', 'green', 'libertarian', 'fascist', 'nazi',
  'zionist', 'islamist', 'feminist',
];
/** Irregular plurals of demonyms ("Poles", not "Polishes"); regular ones add -s (below). */
const NRP_IRREGULAR_EN = ['poles', 'swedes', 'danes', 'finns', 'turks', 'scots', 'brits', 'spaniards', 'arabs', 'kurds', 'serbs', 'croats', 'slovaks', 'czechs', 'slovenes', 'lithuanians', 'latvians', 'estonians', 'icelanders', 'new zealanders', 'dutchmen', 'englishmen', 'frenchmen', 'irishmen', 'welshmen', 'scotsmen', 'filipinos', 'filipinas', 'uzbeks', 'tajiks', 'kazakhs', 'pashtuns', 'jews', 'gentiles'];
/** Demonyms that have no plural of their own ("the Chinese", "Swiss", "Polish"). */
const NO_PLURAL = /(?:ese|ish|ch|ss|sh|ic)$/;
const NRP_BASE_EN = lower([...NRP_EN, ...NRP_GROUPS_EN]);
export const NRP_WORDS_EN = new Set([
  ...NRP_BASE_EN,
  ...NRP_BASE_EN.filter((w) => !NO_PLURAL.test(w) && !w.endsWith('s') && !w.includes(' ')).map((w) => `${w}s`),
  ...NRP_IRREGULAR_EN,
]);
/**
 * NRP words that are everyday English in lower case ("polish the shoes", "a liberal amount", "a green
 * card"): only capitalised, and not at a sentence start, do they count. Any other NRP word counts in
 * lower case too ("a romanians citizen", "many muslims families" in careless text).
 */
export const NRP_NEEDS_CAPITAL = new Set(['polish', 'liberal', 'conservative', 'orthodox', 'democrat', 'republican', 'labour', 'evangelical', 'socialist', 'communist', 'green', 'greens', 'progressive', 'han', 'roma', 'pagan', 'humanist', 'creole', 'nationalist', 'populist', 'unionist', 'feminist', 'latino', 'latina', 'turkey', 'china', 'swiss', 'french', 'german', 'english', 'dutch', 'danish', 'scotch', 'china', 'jersey']);

export const NRP_STEMS_DE = [
  'deutsch', 'türkisch', 'polnisch', 'russisch', 'italienisch', 'griechisch', 'spanisch', 'französisch',
  'syrisch', 'afghanisch', 'irakisch', 'iranisch', 'kroatisch', 'serbisch', 'bosnisch', 'rumänisch',
  'bulgarisch', 'ukrainisch', 'amerikanisch', 'britisch', 'englisch', 'chinesisch', 'japanisch', 'indisch',
  'vietnamesisch', 'kurdisch', 'arabisch', 'marokkanisch', 'tunesisch', 'nigerianisch', 'österreichisch',
  'schweizerisch', 'niederländisch', 'portugiesisch', 'ungarisch', 'tschechisch', 'albanisch', 'kosovarisch',
  'katholisch', 'evangelisch', 'protestantisch', 'muslimisch', 'islamisch', 'jüdisch', 'christlich',
  'buddhistisch', 'hinduistisch', 'orthodox', 'atheistisch', 'alevitisch', 'sozialdemokratisch', 'konservativ',
  'liberal', 'kommunistisch', 'sozialistisch',
  'brasilianisch', 'mexikanisch', 'kanadisch', 'australisch', 'pakistanisch', 'ägyptisch', 'algerisch', 'libanesisch', 'jordanisch',
  'israelisch', 'palästinensisch', 'slowakisch', 'slowenisch', 'litauisch', 'lettisch', 'estnisch', 'finnisch', 'schwedisch', 'norwegisch',
  'dänisch', 'isländisch', 'irisch', 'schottisch', 'walisisch', 'belgisch', 'luxemburgisch', 'koreanisch', 'thailändisch', 'philippinisch',
  'indonesisch', 'malaysisch', 'kolumbianisch', 'peruanisch', 'chilenisch', 'argentinisch', 'venezolanisch', 'kubanisch', 'somalisch',
  'eritreisch', 'äthiopisch', 'kenianisch', 'ghanaisch', 'kamerunisch', 'senegalesisch', 'südafrikanisch', 'kasachisch', 'usbekisch',
  'georgisch', 'armenisch', 'aserbaidschanisch', 'tschetschenisch', 'belarussisch', 'weißrussisch', 'moldauisch', 'mazedonisch',
  'montenegrinisch', 'nepalesisch', 'sudanesisch', 'jemenitisch', 'saudisch', 'neuseeländisch', 'jesidisch', 'schiitisch', 'sunnitisch',
  'evangelikal', 'christdemokratisch', 'lutherisch', 'calvinistisch', 'methodistisch', 'baptistisch', 'mormonisch', 'salafistisch',
  'islamistisch', 'zionistisch', 'nationalistisch', 'anarchistisch', 'marxistisch', 'faschistisch', 'monarchistisch', 'republikanisch',
  'demokratisch', 'nigerianisch', 'ghanaisch', 'vietnamesisch', 'mongolisch', 'tibetisch', 'uigurisch', 'baskisch', 'katalanisch', 'flämisch',
];
/**
 * German NRP nouns by declension class, so every form is found: "-er" nouns (der Brasilianer, die
 * Brasilianerin, den Brasilianern), weak "-e" nouns (der Pole, die Polen, die Polin), and "-ist/-it/
 * -ik/-ant/-at" nouns (der Katholik, die Katholiken, die Katholikin). "Polen", "Ungarn" and other
 * plurals that are also the country's name are left out: they are places far more often.
 */
const DE_ER_NOUNS = [
  'Italiener', 'Spanier', 'Syrer', 'Iraker', 'Iraner', 'Ukrainer', 'Amerikaner', 'Araber', 'Österreicher', 'Schweizer', 'Niederländer',
  'Brasilianer', 'Mexikaner', 'Kanadier', 'Australier', 'Inder', 'Pakistaner', 'Nigerianer', 'Ägypter', 'Marokkaner', 'Algerier',
  'Tunesier', 'Jordanier', 'Israeli', 'Palästinenser', 'Albaner', 'Mazedonier', 'Montenegriner', 'Bosnier', 'Litauer', 'Norweger',
  'Isländer', 'Iren', 'Waliser', 'Belgier', 'Luxemburger', 'Japaner', 'Koreaner', 'Thailänder', 'Philippiner', 'Indonesier',
  'Malaysier', 'Kolumbianer', 'Peruaner', 'Argentinier', 'Venezolaner', 'Kubaner', 'Somalier', 'Eritreer', 'Äthiopier', 'Kenianer',
  'Ghanaer', 'Kameruner', 'Südafrikaner', 'Georgier', 'Armenier', 'Aserbaidschaner', 'Moldauer', 'Libyer', 'Sudanesen', 'Kosovaren',
  'Tschetschenen', 'Afrikaner', 'Europäer', 'Asiaten', 'Lateinamerikaner', 'Engländer', 'Nordiren', 'Neuseeländer', 'Singapurer',
  'Taiwaner', 'Bangladescher', 'Nepalesen', 'Kasachen', 'Usbeken', 'Tadschiken', 'Turkmenen', 'Kirgisen', 'Mongolen', 'Libanesen',
  'Jemeniten', 'Saudi', 'Katarer', 'Kuwaiter', 'Omaner', 'Chilenen', 'Bolivianer', 'Ecuadorianer', 'Paraguayer', 'Uruguayer',
  'Dominikaner', 'Haitianer', 'Jamaikaner', 'Zyprer', 'Malteser', 'Slowenen', 'Slowaken', 'Tschechen', 'Bulgaren', 'Esten', 'Letten',
  'Finnen', 'Schweden', 'Dänen', 'Schotten', 'Portugiesen', 'Vietnamesen', 'Chinesen', 'Senegalesen', 'Togoer', 'Beniner', 'Simbabwer',
  'Sambier', 'Angolaner', 'Mosambikaner', 'Tansanier', 'Ugander', 'Ruander',
];
const DE_WEAK_NOUNS = ['Türke', 'Pole', 'Russe', 'Grieche', 'Franzose', 'Afghane', 'Kroate', 'Serbe', 'Rumäne', 'Brite', 'Chinese', 'Kurde', 'Däne', 'Schwede', 'Finne', 'Tscheche', 'Slowake', 'Slowene', 'Bulgare', 'Este', 'Lette', 'Schotte', 'Ire', 'Portugiese', 'Vietnamese', 'Senegalese', 'Libanese', 'Sudanese', 'Nepalese', 'Kasache', 'Usbeke', 'Mongole', 'Kosovare', 'Tschetschene', 'Jude', 'Asiate', 'Jemenit', 'Chilene', 'Belarusse', 'Weißrusse', 'Jeside', 'Yoruba', 'Igbo', 'Sinto', 'Roma'];
const DE_IST_NOUNS = ['Katholik', 'Protestant', 'Buddhist', 'Atheist', 'Alevit', 'Sozialdemokrat', 'Christdemokrat', 'Kommunist', 'Sozialist', 'Baptist', 'Methodist', 'Calvinist', 'Lutheraner', 'Evangelikal', 'Schiit', 'Sunnit', 'Salafist', 'Islamist', 'Zionist', 'Nationalist', 'Anarchist', 'Marxist', 'Maoist', 'Leninist', 'Faschist', 'Monarchist', 'Pazifist', 'Feminist', 'Agnostiker', 'Demokrat', 'Republikaner', 'Mormone', 'Hinduist', 'Adventist', 'Mennonit', 'Quäker', 'Zeuge Jehovas'];
function germanNounForms(): string[] {
  const out: string[] = [];
  for (const w of DE_ER_NOUNS) {
    if (w.endsWith('er')) out.push(w, `${w}in`, `${w}innen`, `${w}n`);
    else if (w.endsWith('en')) out.push(w, w.slice(0, -1), `${w.slice(0, -1)}in`, `${w.slice(0, -1)}innen`);
    else out.push(w, `${w}s`);
  }
  for (const w of DE_WEAK_NOUNS) {
    const stem = w.endsWith('e') ? w.slice(0, -1) : w;
    out.push(w, `${w}n`, `${stem}in`, `${stem}innen`);
  }
  for (const w of DE_IST_NOUNS) out.push(w, `${w}en`, `${w}in`, `${w}innen`, `${w}n`);
  return out.filter((w) => !['Polen', 'Ungarn', 'Irin', 'Iren', 'Esten', 'Roman', 'Romain', 'Igbon', 'Yoruban'].includes(w));
}
export const NRP_NOUNS_DE = new Set(
  lower([
    ...germanNounForms(),
    'Deutscher', 'Deutsche', 'Türken', 'Polin', 'Französin', 'Jüdin', 'Juden', 'Christ', 'Christin', 'Christen', 'Christinnen', 'Muslim',
    'Muslima', 'Muslime', 'Muslimen', 'Musliminnen', 'Moslem', 'Moslems', 'Hindu', 'Hindus', 'Sikh', 'Sikhs', 'SPD', 'CDU', 'CSU', 'FDP',
    'AfD', 'BSW', 'ÖVP', 'SPÖ', 'FPÖ', 'SVP', 'Grünen', 'Linke', 'Linken', 'SPD-Mitglied', 'CDU-Mitglied', 'FDP-Mitglied', 'Grünen-Mitglied',
    'Roma', 'Sinti', 'Zeugen Jehovas',
  ]),
);
/** German street-type endings and words ("Musterstraße 12", "Hauptstr. 5", "Am Markt 3"). */
export const DE_STREET_SUFFIX = '(?:straße|strasse|str\\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|steig|pfad|markt|berg|hof|garten|park|feld|graben|wall|tor|brücke|kamp|stieg|zeile|promenade|anger|winkel|grund)';
export const EN_STREET_TYPES = '(?:Street|St\\.?|Avenue|Ave\\.?|Road|Rd\\.?|Boulevard|Blvd\\.?|Lane|Ln\\.?|Drive|Dr\\.?|Court|Ct\\.?|Way|Place|Pl\\.?|Terrace|Parkway|Pkwy\\.?|Circle|Cir\\.?|Highway|Hwy\\.?|Square|Sq\\.?|Trail|Row|Close|Crescent|Grove|Gardens|Walk|Mews|Hill|Loop|Plaza)';

export const US_STATE_ABBR = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' '),
);
