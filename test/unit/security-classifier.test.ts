import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClassifierFile, decodeModel, encodeWeights, H, windowsOf, WINDOW } from '../../domain/security/classifier';

const ROOT = join(__dirname, '..', '..');
const shipped = JSON.parse(readFileSync(join(ROOT, 'data', 'security', 'classifier.json'), 'utf8')) as ClassifierFile;

describe('security classifier file', () => {
  it('is small and names what it was trained on', () => {
    // 214 KB on the first author's training part; 424 KB with the second and third authors' data
    // (data/security/authored*/): more distinct words with weights (pruning near-zero int8 weights
    // saved nothing: the buckets that exist carry real weights).
    expect(Buffer.byteLength(JSON.stringify(shipped))).toBeLessThan(500_000);
    expect(shipped.training).toMatchObject({ authored: expect.arrayContaining(['data/security/authored/authored-en.jsonl', 'data/security/authored2/authored2-en.jsonl']) });
    expect(shipped.heads).toEqual(['injection', 'jailbreak', 'data_extraction']);
    expect(shipped.training).toMatchObject({ data: 'data/security/train.jsonl', folds: 5 });
    // The held-out and dev parts are never training data.
    expect(JSON.stringify(shipped.training)).not.toMatch(/heldout|dev\.jsonl/);
  });

  it('round-trips the sparse int8 weights', () => {
    const bits = 10;
    const dense = new Float64Array((1 << bits) * H);
    dense[3 * H] = 1.5;
    dense[3 * H + 2] = -0.75;
    dense[700 * H + 1] = 0.01;
    const enc = encodeWeights(dense, bits);
    expect(enc.nonZero).toBe(2);
    const model = decodeModel({ ...shipped, bits, weights: enc.weights, scale: enc.scale });
    expect(model.weights[3 * H]).toBeCloseTo(1.5, 2);
    expect(model.weights[3 * H + 2]).toBeCloseTo(-0.75, 2);
    expect(model.weights[700 * H + 1]).toBeCloseTo(0.01, 4);
    expect(model.weights[5 * H]).toBe(0);
  });

  it('cuts texts into overlapping windows that cover every token', () => {
    expect(windowsOf(0)).toEqual([]);
    expect(windowsOf(30)).toEqual([[0, 30]]);
    const w = windowsOf(100);
    expect(w[0]).toEqual([0, WINDOW]);
    expect(w[w.length - 1]![1]).toBe(100);
    for (let i = 1; i < w.length; i++) expect(w[i]![0]).toBeLessThan(w[i - 1]![1]);
  });

  // The shipped file is rebuilt byte for byte by its script (seeded shuffles, fixed epochs, a fixed
  // threshold grid; no clock or randomness). Slow: it trains 6 models and runs the scanner over the
  // training part about 80 times.
  it('is rebuilt byte-identical by scripts/train-security-classifier.ts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sec-clf-'));
    try {
      const out = join(dir, 'classifier.json');
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/train-security-classifier.ts', out], { cwd: ROOT, stdio: 'pipe' });
      expect(readFileSync(out).equals(readFileSync(join(ROOT, 'data', 'security', 'classifier.json')))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000);
});
