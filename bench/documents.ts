/**
 * Document round trip timing: a 10-page docx (≈120 paragraphs, each with names, emails, phones and
 * IBANs) extracted, "detected" and rebuilt with stand-ins; the spec target for the full round trip
 * with detection is ≤ 500 ms. Detection here is a stand-in (regular expressions for the fixture's
 * values) so the figure isolates document handling; bench/pii measures the detector itself.
 * Also times the 3-page fixture PDF (hidden text, scan, OCR layer) to Markdown.
 *
 *   node --import tsx bench/documents.ts
 */
import { extractDocument, rewriteDocument, rewriterFromReplacements } from '../domain/documents';
import { buildLongDocx, buildPdf } from '../test/support/documents';

const PATTERN = /[A-Z][a-z]+ [A-Z][a-z]+|[\w.]+@[\w.]+\.\w+|\+49 \d+ \d+|DE\d{20}/g;

async function roundTrip(buffer: Buffer, type: 'docx' | 'pdf') {
  const t0 = performance.now();
  const doc = await extractDocument(buffer, type);
  const t1 = performance.now();
  const replacements = [...doc.text.matchAll(PATTERN)].map((m) => ({ start: m.index, end: m.index + m[0].length, replacement: 'X'.repeat(m[0].length) }));
  const t2 = performance.now();
  const out = await rewriteDocument(buffer, type, {}, rewriterFromReplacements(doc, replacements));
  const t3 = performance.now();
  return { extract: t1 - t0, detect: t2 - t1, rewrite: t3 - t2, total: t3 - t0, findings: replacements.length, chars: doc.text.length, outBytes: out.document.length };
}

async function main() {
  const docx = await buildLongDocx(10);
  const pdf = await buildPdf();
  for (let i = 0; i < 3; i++) await roundTrip(docx, 'docx'); // warm-up (JIT, jszip)
  for (let i = 0; i < 3; i++) await roundTrip(pdf, 'pdf'); // warm-up (loads pdf.js)
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await roundTrip(docx, 'docx'));
  runs.sort((a, b) => a.total - b.total);
  const median = runs[2];
  const fmt = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`10-page docx (${docx.length} bytes, ${median.chars} chars of text, ${median.findings} findings), median of 5:`);
  console.log(`  extract ${fmt(median.extract)}  detect(stand-in) ${fmt(median.detect)}  rewrite ${fmt(median.rewrite)}  total ${fmt(median.total)}`);
  const p = await roundTrip(pdf, 'pdf');
  console.log(`3-page fixture PDF (${pdf.length} bytes): extract ${fmt(p.extract)}  rewrite ${fmt(p.rewrite)}  total ${fmt(p.total)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
