/**
 * Builds the independent PII evaluation set: `npm run build:pii-eval-independent`
 * (`-- --check` rebuilds in memory and fails if the committed files differ).
 *
 * Written by a different author from the detector's, from templates and value sources of its own
 * (scripts/pii-eval-independent/), for scoring only: nobody tunes on it. The conventions are in
 * data/pii-eval-independent/README.md. Seeded: the same code gives the same files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng, toJsonLines } from './independent-eval-random';
import { type AddressPart, Doc, type GoldSpan } from './pii-eval-independent/doc';
import { Gen } from './pii-eval-independent/gen';
import { DE_TEMPLATES } from './pii-eval-independent/templates-de';
import { EN_TEMPLATES, type Template } from './pii-eval-independent/templates-en';
import type { Lang } from './pii-eval-independent/values';

export interface IndependentPiiSample {
  id: string;
  language: Lang;
  split: 'independent';
  template: string;
  /** The kind of text (e-mail thread, shipping label, ...). */
  kind: string;
  /** faker locales of the people named in it, comma-separated ("none" when nobody is). */
  locale: string;
  text: string;
  spans: GoldSpan[];
  /** Parts of every ADDRESS span (street, unit, po_box, postcode, city, region, country). */
  parts?: AddressPart[];
}

export const PII_SET_DIR = join(__dirname, '..', 'data', 'pii-eval-independent');
export const PII_SET_SIZES: Record<Lang, number> = { en: 1600, de: 1100 };
/** Share of samples written from the look-alike templates, which carry no PII at all. */
const NEGATIVE_SHARE = 0.15;
const SEEDS: Record<Lang, number> = { en: 0x1e_5eed, de: 0xde_5eed };

/** Records the locales of the people a template names (for the sample's `locale` field). */
class RecordingGen extends Gen {
  readonly locales = new Set<string>();
  override person() {
    const p = super.person();
    this.locales.add(p.locale);
    return p;
  }
}

function buildSample(lang: Lang, index: number, templates: Template[]): IndependentPiiSample {
  const rng = new Rng(SEEDS[lang] * 7919 + index * 104729);
  const negatives = templates.filter((t) => t.negative);
  const positives = templates.filter((t) => !t.negative);
  const template = rng.chance(NEGATIVE_SHARE) ? rng.pick(negatives) : rng.pick(positives);
  const doc = new Doc(rng);
  const g = new RecordingGen(rng, lang);
  // A few samples of any template get typos in their template text or are written in capitals.
  if (!template.negative && rng.chance(0.08)) doc.typoRate = 0.12;
  if (!template.negative && rng.chance(0.03)) doc.caseMode = 'upper';
  template.run(g, doc);
  const sample: IndependentPiiSample = {
    id: `ind-${lang}-${String(index + 1).padStart(4, '0')}`,
    language: lang,
    split: 'independent',
    template: template.id,
    kind: template.kind,
    locale: [...g.locales].join(',') || 'none',
    text: doc.text,
    spans: doc.spans.sort((a, b) => a.start - b.start),
  };
  if (doc.parts.length) sample.parts = doc.parts;
  if (template.negative && sample.spans.length) throw new Error(`negative template ${template.id} labelled a value`);
  return sample;
}

export function buildPiiSet(): Record<Lang, IndependentPiiSample[]> {
  const out = { en: [] as IndependentPiiSample[], de: [] as IndependentPiiSample[] };
  for (const lang of ['en', 'de'] as const) {
    const templates = lang === 'en' ? EN_TEMPLATES : DE_TEMPLATES;
    for (let i = 0; i < PII_SET_SIZES[lang]; i++) out[lang].push(buildSample(lang, i, templates));
  }
  return out;
}

if (require.main === module) {
  const set = buildPiiSet();
  const check = process.argv.includes('--check');
  for (const lang of ['en', 'de'] as const) {
    const file = join(PII_SET_DIR, `${lang}.jsonl`);
    const body = toJsonLines(set[lang]);
    if (check) {
      if (readFileSync(file, 'utf8') !== body) {
        console.error(`${file} differs from a fresh build`);
        process.exitCode = 1;
      }
    } else writeFileSync(file, body);
    const spans = set[lang].flatMap((s) => s.spans);
    const byType = new Map<string, number>();
    for (const s of spans) byType.set(s.entityType, (byType.get(s.entityType) ?? 0) + 1);
    const negatives = set[lang].filter((s) => s.spans.length === 0).length;
    console.log(`${lang}: ${set[lang].length} samples (${negatives} without PII), ${spans.length} values: ${[...byType].map(([t, n]) => `${t} ${n}`).join(', ')}`);
  }
}
