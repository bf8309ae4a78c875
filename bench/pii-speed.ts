/**
 * PII detection speed work: proof that findings stay byte-identical, and an interleaved A/B of two
 * versions of domain/pii in one process (issue 18 item 4, "Speed round 3" in docs/PERFORMANCE.md).
 *
 *   node --import tsx bench/pii-speed.ts hash [root]              hash every finding over the corpus
 *   node --expose-gc --import tsx bench/pii-speed.ts ab <rootA> <rootB> [rounds]  CPU-time A/B on running text
 *     (the labelled text joined per language and repeated to 1 MB, warm; 0.6 MB of fresh generated
 *     text per language and round, cold for names and values; the labelled samples one by one)
 *   node --import tsx bench/pii-speed.ts sentences <root> <root> ...  per-sentence CPU time of several versions
 *     (give the same version twice as a control: its copies' spread is the noise)
 *   node --import tsx bench/pii-speed.ts run [root] [en|de] [MB]   detect() over running text (for --cpu-prof)
 *   node --import tsx bench/pii-speed.ts nlp-batch                compromise: words tagged in one batch
 *     (names.ts primeEnglishNonNameWords) get the same tags as each word alone
 *
 * `root` is a checkout holding domain/pii and data/pii (default: this one). A starting version can
 * be unpacked beside it with `git archive <commit> domain/pii data/pii | tar -x -C <dir>` and a
 * node_modules link in <dir>.
 *
 * The corpus (never the outside set's held-out files, nor any file kept out of tuning):
 *   - the old set (data/pii-eval, all four files) and the outside set's TUNE part, each sample with
 *     all five profiles together and with each profile alone;
 *   - the documents fixtures (bench/fixtures/documents.ts: the docx's text, the long 10-page docx's
 *     paragraphs in both languages, the CSV, the FIXTURE values);
 *   - generated running text (seeded: the same bytes on every run), about 1.2 MB per language, as
 *     documents of 1-40 KB and as one large text per language, with all five profiles; its prose is
 *     this repository's docs (English) and written filler clauses (German) around values from faker
 *     locales (names from many scripts, phone numbers, streets, towns, companies, e-mails, IBANs).
 * Every finding's type, start, end, score, text and source goes into one SHA-256 per part.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ar, base, de, de_AT, en, en_GB, en_IN, en_US, es, Faker, fi, fr, hu, it, ja, nl, pl, pt_BR, ro, ru, sv, tr, vi } from '@faker-js/faker';
import JSZip from 'jszip';
import { buildCsv, buildDocx, buildLongDocx, FIXTURE } from './fixtures/documents';

type Language = 'en' | 'de';
interface Finding {
  entityType: string;
  start: number;
  end: number;
  score: number;
  text: string;
  source?: string;
}
interface PiiModule {
  detect(text: string, options: { language?: Language; profiles?: readonly string[] }): Finding[];
  PROFILE_NAMES: readonly string[];
}
interface Doc {
  language: Language;
  text: string;
}

const HERE = resolve(__dirname, '..');

async function loadPii(root: string): Promise<PiiModule> {
  return (await import(pathToFileURL(join(resolve(root), 'domain', 'pii', 'index.ts')).href)) as PiiModule;
}

// --- Corpus --------------------------------------------------------------------------------------

function jsonl(path: string): Doc[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Doc)
    .map((s) => ({ language: s.language, text: s.text }));
}
export function labelledSamples(): Doc[] {
  const dir = join(HERE, 'data');
  return [
    ...['en', 'de', 'en-heldout', 'de-heldout'].flatMap((f) => jsonl(join(dir, 'pii-eval', `${f}.jsonl`))),
    // The outside set's TUNE part only: its held-out files are never read here.
    ...['en-tune', 'de-tune'].flatMap((f) => jsonl(join(dir, 'pii-eval-outside', `${f}.jsonl`))),
  ];
}

async function docxText(buffer: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(buffer);
  const parts: string[] = [];
  for (const name of Object.keys(zip.files).sort()) {
    if (!name.endsWith('.xml')) continue;
    const xml = await zip.files[name].async('string');
    const paragraphs = xml.split(/<\/w:p>/).map((p) => [...p.matchAll(/<w:(?:t|delText)(?: [^>]*)?>([^<]*)<\/w:(?:t|delText)>/g)].map((m) => m[1]).join(''));
    parts.push(paragraphs.filter(Boolean).join('\n'));
  }
  return parts
    .join('\n')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
async function documentSamples(): Promise<Doc[]> {
  const out: Doc[] = [];
  const docx = await docxText(await buildDocx());
  out.push({ language: 'en', text: docx }, { language: 'de', text: docx });
  for (const language of ['en', 'de'] as Language[]) {
    const long = await docxText(await buildLongDocx(10, language));
    out.push({ language, text: long });
    for (const p of long.split('\n')) out.push({ language, text: p });
  }
  const csv = buildCsv(',').toString('utf8');
  out.push({ language: 'en', text: csv }, { language: 'de', text: buildCsv(';').toString('utf8') });
  const values = Object.values(FIXTURE).join('\n');
  out.push({ language: 'en', text: values }, { language: 'de', text: values });
  return out;
}

/** Sentences of this repository's docs (English prose with technical values). */
function docSentences(): string[] {
  const dir = join(HERE, 'docs');
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.md') || f === 'PERFORMANCE.md') continue;
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (line.length < 40 || /^[#|`]/.test(line.trim())) continue;
      out.push(line.trim());
    }
  }
  return out;
}

const DE_FILLER = [
  'Wir bitten um eine kurze Rückmeldung bis Ende der Woche.',
  'Die Unterlagen liegen im Anhang und wurden bereits geprüft.',
  'Leider konnte der Termin nicht wie geplant stattfinden, daher schlagen wir einen neuen vor.',
  'Die Rechnung über 1.240,50 EUR ist seit dem 3. Mai fällig.',
  'Bitte beachten Sie, dass die Lieferung erst nach Zahlungseingang erfolgt.',
  'Im Rahmen der Besprechung wurden folgende Punkte festgehalten.',
  'Der Vertrag verlängert sich automatisch um zwölf Monate, sofern er nicht gekündigt wird.',
  'Vielen Dank für Ihre Geduld und die gute Zusammenarbeit.',
  'Die Version 2.4.1 enthält Fehlerbehebungen und kleinere Verbesserungen.',
  'Neue Kunden erhalten im ersten Quartal einen Rabatt von zehn Prozent.',
  'Bei Rückfragen stehen wir Ihnen gerne zur Verfügung.',
  'Die Wartungsarbeiten beginnen am Montag um 8 Uhr und dauern etwa drei Stunden.',
  'Auftragsnummer 2024-0815 wurde storniert und neu angelegt.',
  'Das Projekt Nordlicht geht in die zweite Phase.',
  'Laut Protokoll wurde die Sitzung um 14:30 Uhr beendet.',
];
const EN_TEMPLATES = [
  'Please call {person} on {phone} before {date}.',
  'The invoice was sent to {company}, {street}, {city}.',
  '{person} from {city} joined {company} last spring.',
  'Dear {first}, thanks for the update on the {city} office.',
  'Contact: {person} <{email}>, mobile {phone}',
  'Ship to: {person}\n{street}\n{city}, {country}',
  'Payment to IBAN {iban} was confirmed by {last}.',
  'Card {card} expired; {first} will send a new one.',
  'Mr {last} lives in {city} and works at {company}.',
  'Meeting notes: {person}, {person2} and {person3} agreed on the plan.',
  'Hi {first},\nthe parcel to {street} arrived.\nBest regards,\n{person2}',
  '{company} announced a new branch in {city} on {date}.',
  'Callback number {phone}, ask for {first}.',
  'DOB {date}; address {street}, {city}; phone {phone}.',
  'i talked to {lowerperson} yesterday about the {city} trip',
  'Order #{num} for {company} was shipped via {city}.',
  'NAME: {upperperson} / CITY: {uppercity}',
];
const DE_TEMPLATES = [
  'Bitte rufen Sie {person} unter {phone} bis zum {date} an.',
  'Die Rechnung ging an {company}, {street}, {city}.',
  '{person} aus {city} arbeitet seit 2019 bei {company}.',
  'Sehr geehrte Frau {last}, vielen Dank für Ihre Nachricht.',
  'Kontakt: {person} <{email}>, Telefon {phone}',
  'Lieferadresse: {person}\n{street}\n{city}',
  'Die Überweisung auf das Konto {iban} wurde von Herrn {last} bestätigt.',
  'Die Kreditkarte {card} ist abgelaufen; {first} schickt eine neue.',
  'Herr {last} wohnt in {city} und ist bei {company} angestellt.',
  'Protokoll: {person}, {person2} und {person3} haben dem Plan zugestimmt.',
  'Hallo {first},\ndas Paket an {street} ist angekommen.\nMit freundlichen Grüßen\n{person2}',
  '{company} eröffnet am {date} eine Filiale in {city}.',
  'Rückrufnummer {phone}, bitte nach {first} fragen.',
  'Geburtsdatum {date}; Anschrift {street}, {city}; Telefon {phone}.',
  'hab gestern mit {lowerperson} wegen {city} gesprochen',
  'Bestellung Nr. {num} für {company} wurde über {city} verschickt.',
];

const REF_DATE = new Date('2026-01-01T00:00:00Z');

/** Seeded running text: about `bytes` per language, as documents of 1-40 KB. */
export function generatedText(language: Language, bytes: number, seed = 18): Doc[] {
  const nameLocales = [en_US, en_GB, en_IN, de, de_AT, fr, es, it, pl, tr, pt_BR, vi, nl, sv, fi, hu, ro, ru, ja, ar];
  const fakers = nameLocales.map((l, k) => {
    const f = new Faker({ locale: [l, en, base] });
    f.seed(seed * 1000 + k);
    f.setDefaultRefDate(REF_DATE);
    return f;
  });
  const home = new Faker({ locale: language === 'de' ? [de, en, base] : [en_US, en, base] });
  home.seed(seed);
  // Dates are drawn relative to a reference date: a fixed one keeps the text the same on every run.
  home.setDefaultRefDate(REF_DATE);
  const rnd = () => home.number.float({ min: 0, max: 1 });
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const prose = language === 'en' ? docSentences() : DE_FILLER;
  const templates = language === 'en' ? EN_TEMPLATES : DE_TEMPLATES;
  const person = () => {
    const f = pick(fakers);
    return `${f.person.firstName()} ${f.person.lastName()}`;
  };
  const fill = (tpl: string) =>
    tpl.replace(/\{(\w+)\}/g, (_, slot: string) => {
      switch (slot) {
        case 'person':
        case 'person2':
        case 'person3':
          return person();
        case 'lowerperson':
          return person().toLowerCase();
        case 'upperperson':
          return person().toUpperCase();
        case 'first':
          return pick(fakers).person.firstName();
        case 'last':
          return pick(fakers).person.lastName();
        case 'phone':
          return rnd() < 0.5 ? home.phone.number() : pick(fakers).phone.number();
        case 'email':
          return home.internet.email();
        case 'company':
          return pick(fakers).company.name();
        case 'street':
          return rnd() < 0.5 ? home.location.streetAddress() : pick(fakers).location.streetAddress();
        case 'city':
          return rnd() < 0.5 ? home.location.city() : pick(fakers).location.city();
        case 'uppercity':
          return home.location.city().toUpperCase();
        case 'country':
          return home.location.country();
        case 'date':
          return home.date.birthdate().toISOString().slice(0, 10);
        case 'iban':
          return home.finance.iban({ formatted: rnd() < 0.5 });
        case 'card':
          return home.finance.creditCardNumber();
        case 'num':
          return String(home.number.int({ min: 1000, max: 999999 }));
        default:
          return slot;
      }
    });
  const docs: Doc[] = [];
  let total = 0;
  while (total < bytes) {
    const size = 1000 + Math.floor(rnd() * 39_000);
    const parts: string[] = [];
    let n = 0;
    while (n < size) {
      const s = rnd() < 0.55 ? pick(prose) : fill(pick(templates));
      parts.push(s);
      n += s.length + 1;
    }
    const text = parts.join(rnd() < 0.7 ? ' ' : '\n');
    docs.push({ language, text });
    total += Buffer.byteLength(text);
  }
  return docs;
}

// --- Hash ----------------------------------------------------------------------------------------

function hashFindings(pii: PiiModule, docs: Doc[], profileSets: (readonly string[])[]): { hash: string; findings: number } {
  const h = createHash('sha256');
  let findings = 0;
  for (const d of docs) {
    for (const profiles of profileSets) {
      const found = pii.detect(d.text, { language: d.language, profiles });
      findings += found.length;
      h.update(`#${found.length}\n`);
      for (const f of found) h.update(`${f.entityType}\t${f.start}\t${f.end}\t${f.score}\t${f.text}\t${f.source ?? ''}\n`);
    }
  }
  return { hash: h.digest('hex'), findings };
}

async function hashMode(root: string): Promise<void> {
  const pii = await loadPii(root);
  const all = [pii.PROFILE_NAMES];
  const each = [all[0], ...pii.PROFILE_NAMES.map((p) => [p])];
  const generated = [...generatedText('en', 1_200_000), ...generatedText('de', 1_200_000)];
  const joined = (lang: Language) => ({
    language: lang,
    text: generated
      .filter((d) => d.language === lang)
      .slice(0, 30)
      .map((d) => d.text)
      .join('\n'),
  });
  const parts: [string, Doc[], (readonly string[])[]][] = [
    ['labelled (old set + outside tune), each profile', labelledSamples(), each],
    ['documents fixtures, each profile', await documentSamples(), each],
    ['generated running text, documents', generated, all],
    ['generated running text, joined', [joined('en'), joined('de')], all],
  ];
  const total = createHash('sha256');
  const c0 = process.cpuUsage();
  // tokenize() feeds the tagger's training as well: its output must stay the same field by field.
  const names = (await import(pathToFileURL(join(resolve(root), 'domain', 'pii', 'recognizers', 'names.ts')).href)) as {
    tokenize(text: string): Record<string, unknown>[];
  };
  const th = createHash('sha256');
  let tokenCount = 0;
  for (const [, docs] of parts) {
    for (const d of docs) {
      for (const t of names.tokenize(d.text)) {
        tokenCount++;
        th.update(`${t.start}\t${t.end}\t${t.text}\t${t.lower}\t${t.cap}\t${t.sentStart}\t${JSON.stringify(t.gap)}\t${Object.keys(t).join(',')}\n`);
      }
    }
  }
  const tokenHash = th.digest('hex');
  total.update(tokenHash);
  console.log(`${tokenHash.slice(0, 16)}  tokenize() over all of it: ${tokenCount} tokens`);
  for (const [label, docs, profiles] of parts) {
    const r = hashFindings(pii, docs, profiles);
    total.update(r.hash);
    const bytes = docs.reduce((n, d) => n + Buffer.byteLength(d.text), 0);
    console.log(`${r.hash.slice(0, 16)}  ${label}: ${docs.length} texts, ${(bytes / 1e6).toFixed(2)} MB, ${r.findings} findings`);
  }
  const c = process.cpuUsage(c0);
  console.log(`TOTAL ${total.digest('hex')}  (${((c.user + c.system) / 1e6).toFixed(1)} s CPU, root ${resolve(root)})`);
}

// --- Throughput ----------------------------------------------------------------------------------

/** The running text of bench/pii.ts without the held-out files: the labelled samples joined per language, repeated to ~1 MB. */
function runningText(language: Language, mb = 1): string {
  const joined = labelledSamples()
    .filter((s) => s.language === language)
    .map((s) => s.text)
    .join('\n');
  return joined.repeat(Math.ceil((mb * 1e6) / joined.length));
}
/** With `node --expose-gc`, a full collection before each text of the A/B, so neither version pays much for the other's garbage. */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
function cpuSeconds(fn: () => void): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}
/** The text cut at line ends into pieces of about `size` characters. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start + size);
    if (end < 0) end = text.length;
    out.push(text.slice(start, end));
    start = end + 1;
  }
  return out;
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function abMode(rootA: string, rootB: string, rounds: number): Promise<void> {
  const versions = [
    { name: 'A', root: rootA, pii: await loadPii(rootA) },
    { name: 'B', root: rootB, pii: await loadPii(rootB) },
  ];
  const repeated = { en: runningText('en'), de: runningText('de') };
  const samples = labelledSamples();
  const sampleBytes = samples.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
  const results: Record<string, Record<string, number[]>> = { A: {}, B: {} };
  const push = (version: string, label: string, value: number) => {
    const list = results[version][label] ?? [];
    list.push(value);
    results[version][label] = list;
  };
  for (let r = 0; r <= rounds; r++) {
    // Fresh generated text every round (new names, numbers and values; the prose repeats), so the
    // per-spelling caches are as cold as on real traffic; the labelled text repeats and runs warm.
    const texts: Record<string, string> = {
      ...repeated,
      'fresh en': generatedText('en', 600_000, 100 + r)
        .map((d) => d.text)
        .join('\n'),
      'fresh de': generatedText('de', 600_000, 100 + r)
        .map((d) => d.text)
        .join('\n'),
    };
    // Interleaved finely: each text in pieces of about 100 KB (0.1 s of CPU), both versions on
    // each piece in turn (twice), so a change in the machine's load lands on both alike; then the
    // bytes over the summed CPU time per version.
    for (const [label, text] of Object.entries(texts)) {
      const language: Language = label.endsWith('de') ? 'de' : 'en';
      const secs = [0, 0];
      collect();
      // A B B A and B A A B on alternate pieces: each version runs first, last and twice in a row
      // (its own data still in the CPU caches) equally often.
      pieces(text, 100_000).forEach((piece, k) => {
        for (const v of (k + r) % 2 ? [1, 0, 0, 1] : [0, 1, 1, 0]) secs[v] += cpuSeconds(() => versions[v].pii.detect(piece, { language, profiles: versions[v].pii.PROFILE_NAMES }));
      });
      if (r > 0) for (const i of [0, 1]) push(versions[i].name, label, (2 * Buffer.byteLength(text)) / 1e6 / secs[i]);
    }
    const secs = [0, 0];
    collect();
    // An even number of groups, so each order comes up equally often.
    const groupSize = Math.ceil(samples.length / 10);
    for (let g = 0; g < samples.length; g += groupSize) {
      const group = samples.slice(g, g + groupSize);
      for (const v of (g / groupSize + r) % 2 ? [1, 0, 0, 1] : [0, 1, 1, 0]) {
        secs[v] += cpuSeconds(() => {
          for (const s of group) versions[v].pii.detect(s.text, { language: s.language, profiles: versions[v].pii.PROFILE_NAMES });
        });
      }
    }
    if (r > 0) for (const i of [0, 1]) push(versions[i].name, 'per sentence', (2 * sampleBytes) / 1e6 / secs[i]);
    if (r > 0) {
      console.log(
        `round ${r}: ${Object.keys(results.A)
          .map((k) => `${k} ${results.A[k][r - 1].toFixed(2)}/${results.B[k][r - 1].toFixed(2)}`)
          .join('  ')}`,
      );
    }
  }
  console.log(`\nMB/s per core of CPU time, median of ${rounds} rounds (round 0 dropped as warm-up); A = ${resolve(rootA)}, B = ${resolve(rootB)}`);
  for (const k of Object.keys(results.A)) {
    const a = median(results.A[k]);
    const b = median(results.B[k]);
    console.log(`${k.padEnd(14)} A ${a.toFixed(3)}  B ${b.toFixed(3)}  B/A ${(b / a).toFixed(3)}  (B/A per round: ${results.B[k].map((x, i) => (x / results.A[k][i]).toFixed(2)).join(' ')})`);
  }
}

/** The labelled samples one detect() call each, versions in turn per group of 300 (order reversed every round). */
async function sentencesMode(roots: string[]): Promise<void> {
  const versions: PiiModule[] = [];
  for (const root of roots) versions.push(await loadPii(root));
  const samples = labelledSamples();
  const secs = roots.map(() => 0);
  const rounds = 6;
  for (let r = 0; r < rounds; r++) {
    for (let g = 0; g < samples.length; g += 300) {
      const group = samples.slice(g, g + 300);
      const order = [...versions.keys()];
      if ((g / 300 + r) % 2) order.reverse();
      for (const v of order) {
        const s = cpuSeconds(() => {
          for (const x of group) versions[v].detect(x.text, { language: x.language, profiles: versions[v].PROFILE_NAMES });
        });
        if (r > 0) secs[v] += s;
      }
    }
  }
  const bytes = samples.reduce((n, x) => n + Buffer.byteLength(x.text), 0) * (rounds - 1);
  roots.forEach((root, i) => {
    console.log(`${resolve(root)}: ${(bytes / 1e6 / secs[i]).toFixed(3)} MB/s per core per sentence (${rounds - 1} rounds after a warm-up)`);
  });
}

async function runMode(root: string, language: Language, mb: number): Promise<void> {
  const pii = await loadPii(root);
  const text = runningText(language, mb);
  pii.detect(text.slice(0, 200_000), { language, profiles: pii.PROFILE_NAMES });
  const secs = cpuSeconds(() => pii.detect(text, { language, profiles: pii.PROFILE_NAMES }));
  console.log(`${language}: ${(Buffer.byteLength(text) / 1e6 / secs).toFixed(3)} MB/s per core (${secs.toFixed(2)} s CPU)`);
}

/**
 * names.ts tags the words a text will ask about in batches, one word a paragraph. This checks that
 * each word gets the same tags there as alone, over the name and place lists, the docs and the
 * generated text, every spelling as written and capitalised (about 210,000; takes about a minute).
 */
async function nlpBatchMode(): Promise<void> {
  const nlp = (await import('compromise')).default as unknown as (text: string) => { docs: { tags: Set<string>; pre: string; text: string; post: string }[][] };
  const data = join(HERE, 'data', 'pii');
  const firstColumn = (file: string, every: number) =>
    readFileSync(join(data, file), 'utf8')
      .split('\n')
      .filter((_, i) => i % every === 0)
      .map((l) => l.split('\t')[0])
      .filter((w) => w && !w.includes(' '));
  const running = [...generatedText('en', 1_000_000), ...generatedText('de', 1_000_000)].map((d) => d.text).join('\n') + readFileSync(join(HERE, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const words = [...firstColumn('names.tsv', 2), ...firstColumn('places.tsv', 3), ...(running.match(/[\p{L}\p{M}\d][\p{L}\p{M}\d'’_-]*/gu) ?? [])];
  const all = [...new Set(words.filter((w) => !/['’-]$/.test(w)).flatMap((w) => [w, w[0].toUpperCase() + w.slice(1)]))];
  const tags = (t: { tags: Set<string> } | undefined) => (t ? [...t.tags].sort().join() : '');
  let differ = 0;
  let misaligned = 0;
  for (let i = 0; i < all.length; i += 400) {
    const chunk = all.slice(i, i + 400);
    const docs = nlp(chunk.join('\n\n')).docs;
    if (docs.length !== chunk.length || docs.some((d, k) => d.map((t) => t.pre + t.text + t.post).join('').trim() !== chunk[k])) {
      misaligned++;
      continue;
    }
    for (let k = 0; k < chunk.length; k++) {
      if (tags(nlp(chunk[k]).docs[0]?.[0]) !== tags(docs[k][0])) {
        differ++;
        if (differ <= 10) console.log(`differs: ${JSON.stringify(chunk[k])} alone ${tags(nlp(chunk[k]).docs[0]?.[0])}, in a batch ${tags(docs[k][0])}`);
      }
    }
  }
  console.log(`${all.length} spellings: ${differ} tagged differently in a batch, ${misaligned} batches not aligned (left to single calls by names.ts)`);
}

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === 'hash') await hashMode(args[0] ?? HERE);
  else if (mode === 'ab' && args.length >= 2) await abMode(args[0], args[1], Number(args[2] ?? 6));
  else if (mode === 'run') await runMode(args[0] ?? HERE, (args[1] as Language) ?? 'en', Number(args[2] ?? 2));
  else if (mode === 'nlp-batch') await nlpBatchMode();
  else if (mode === 'sentences' && args.length >= 1) await sentencesMode(args);
  else {
    console.error('usage: bench/pii-speed.ts hash [root] | ab <rootA> <rootB> [rounds] | sentences <root>... | run [root] [en|de] [MB] | nlp-batch');
    process.exit(2);
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
