/**
 * Innocent English prose for the security classifier's training: passages of text the project
 * owns (README.md, docs/*.md, the spec documents in ../shared/spec beside the repository), cut at blank lines into
 * passages of 400-1,600 characters. Long documents, code and tables were where innocent English
 * text failed most; these are real ones, written for people, not generated.
 *
 *   node --import tsx scripts/security-eval/prose.ts
 *
 * writes data/security/prose-train.jsonl (the spec documents and README: training text) and
 * data/security/prose-dev.jsonl (docs/*.md: never trained on; a check that innocent prose from
 * other documents passes). Split by document, so the check measures prose the classifier never saw.
 *
 * The output is a snapshot kept in the repository, so the classifier retrains byte-identical
 * whatever happens to the documents later; rerun this only to refresh it (then retrain).
 *
 * Passages that the rules alone (hand-set weights, no classifier) fail on an injection, jailbreak
 * or data-extraction check are left out: the security documents quote attacks ("ignore previous
 * instructions") to explain them, and a quoted attack is not a clean innocent example. These
 * passages train the classifier only (every fold model sees them); they are counted in no metric.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkScore, collectEvidence } from '../../domain/security/scan';
import { FAIL_SCORE } from '../../domain/security/types';

const ROOT = join(__dirname, '..', '..');
// The specification beside the repository (../shared/spec), as on every machine that builds it.
const SPEC = join(ROOT, '..', 'shared', 'spec');
const sources: [string, string][] = [];
sources.push(['README.md', readFileSync(join(ROOT, 'README.md'), 'utf8')]);
// PERFORMANCE.md's "## Security checks" section describes this scanner's evaluation (it names
// phrasings of the evaluation set's attacks): left out, so nothing of the evaluation leaks in.
const withoutSecuritySection = (t: string) => t.replace(/\n## Security checks[\s\S]*?(?=\n## )/, '\n');
for (const f of readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort()) sources.push([`docs/${f}`, withoutSecuritySection(readFileSync(join(ROOT, 'docs', f), 'utf8'))]);
if (existsSync(SPEC)) for (const f of readdirSync(SPEC).filter((f) => f.endsWith('.md')).sort()) sources.push([`spec/${f}`, readFileSync(join(SPEC, f), 'utf8')]);

const MIN = 400;
const MAX = 1600;
const out: string[] = [];
const dev: string[] = [];
let dropped = 0;
for (const [name, text] of sources) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  let cur = '';
  let n = 0;
  const flush = () => {
    if (cur.length >= MIN) {
      const ev = collectEvidence(cur, { source: 'document', checkTypes: ['injection', 'jailbreak', 'data_extraction'] }, null);
      const quotesAttack = (['injection', 'jailbreak', 'data_extraction'] as const).some((c) => checkScore(ev, c, null) >= FAIL_SCORE);
      if (quotesAttack) dropped++;
      else (name.startsWith('docs/') ? dev : out).push(JSON.stringify({ id: `prose-${name}-${n++}`, split: 'train', lang: 'en', source: 'document', label: 'benign', kind: 'project_prose', family: `prose:${name}`, types: [], text: cur }));
    }
    cur = '';
  };
  for (const p of paragraphs) {
    for (let at = 0; at < p.length; at += MAX) {
      const piece = p.slice(at, at + MAX);
      if (cur && cur.length + piece.length + 2 > MAX) flush();
      cur = cur ? `${cur}\n\n${piece}` : piece;
    }
  }
  flush();
}
writeFileSync(join(ROOT, 'data', 'security', 'prose-train.jsonl'), `${out.join('\n')}\n`);
writeFileSync(join(ROOT, 'data', 'security', 'prose-dev.jsonl'), `${dev.join('\n')}\n`);
console.log(`${out.length} training and ${dev.length} dev passages from ${sources.length} documents (${dropped} left out: the rules alone fail them)`);
