import { costUsd } from '../../domain/pricing';
import { classifyTerms, toDimension } from '../../domain/task-vocabulary';
import { resolveTelemetryMode, shouldInstrument, stripTelemetry, telemetryInstruction } from '../../domain/telemetry';
import { estimateTokens, renderTemplate } from '../../domain/template';
import { TtlCache } from '../../lib/ttl-cache';
import { SecretBox, hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/crypto';

describe('templates', () => {
  it('substitutes known variables and leaves unknown ones visible', () => {
    expect(renderTemplate('Hi {{ name }}, order {{id}} for {{who}}', { name: 'Ada', id: 42 })).toBe('Hi Ada, order 42 for {{who}}');
  });
  it('does not expand placeholders inside values', () => {
    expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'x' })).toBe('{{b}}');
  });
  it('estimates about four characters per token', () => {
    expect(estimateTokens('12345678', undefined, '1')).toBe(3);
  });
});

describe('pricing', () => {
  it('prices input and output per million tokens', () => {
    expect(costUsd({ inputPricePerMillion: 2.5, outputPricePerMillion: 10 }, { promptTokens: 1000, completionTokens: 500 })).toBeCloseTo(0.0075, 10);
  });
  it('is zero for an unpriced model', () => {
    expect(costUsd(undefined, { promptTokens: 1000, completionTokens: 500 })).toBe(0);
  });
});

describe('task vocabulary', () => {
  it('maps dimensions and aliases, ignoring case and separators', () => {
    expect(toDimension('Coding')).toBe('coding');
    expect(toDimension('function-calling')).toBe('tool_use');
    expect(toDimension('German')).toBe('multilingual_de');
    expect(toDimension('basket weaving')).toBeNull();
  });
  it('deduplicates and reports unknown terms', () => {
    expect(classifyTerms(['code', 'coding', 'legal', 'astrology'])).toEqual({ dimensions: ['coding', 'domain_legal'], unknown: ['astrology'] });
  });
});

describe('telemetry', () => {
  it('resolves the mode from telemetry, then metadata, then agentic hints', () => {
    expect(resolveTelemetryMode({ telemetry: { mode: 'full' }, metadata: { telemetryMode: 'off' } })).toBe('full');
    expect(resolveTelemetryMode({ metadata: { telemetryMode: 'full' } })).toBe('full');
    expect(resolveTelemetryMode({ metadata: { chainId: 'c1' } })).toBe('sampled');
    expect(resolveTelemetryMode({})).toBe('off');
    expect(resolveTelemetryMode({ telemetry: { enabled: false, mode: 'full' } })).toBe('off');
  });
  it('instruments full always, sampled by rate, off never unless forced', () => {
    expect(shouldInstrument({}, 'full', 0.99)).toBe(true);
    expect(shouldInstrument({ telemetry: { sampleRate: 0.5 } }, 'sampled', 0.49)).toBe(true);
    expect(shouldInstrument({ telemetry: { sampleRate: 0.5 } }, 'sampled', 0.5)).toBe(false);
    expect(shouldInstrument({ telemetry: { force: true } }, 'off', 0.99)).toBe(true);
    expect(shouldInstrument({}, 'off', 0)).toBe(false);
  });
  it('strips the ##TEL block and parses it', () => {
    const out = stripTelemetry('The answer is 4.\n##TEL {"confidence":0.9,"refused":false} TEL##');
    expect(out).toEqual({ content: 'The answer is 4.', telemetry: { confidence: 0.9, refused: false } });
    expect(stripTelemetry('plain')).toEqual({ content: 'plain', telemetry: null });
    expect(stripTelemetry('a ##TEL not json TEL## b').telemetry).toEqual({ raw: 'not json' });
    expect(telemetryInstruction('abc')).toContain('"traceId":"abc"');
  });
});

describe('crypto', () => {
  it('encrypts with AES-256-GCM and detects tampering', () => {
    const box = new SecretBox(Buffer.alloc(32, 1).toString('base64'));
    const sealed = box.encrypt('sk-live-secret');
    expect(sealed).not.toContain('sk-live-secret');
    expect(box.decrypt(sealed)).toBe('sk-live-secret');
    expect(box.encrypt('sk-live-secret')).not.toBe(sealed);
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.decrypt(parts.join(':'))).toThrow();
    expect(() => new SecretBox(Buffer.alloc(16).toString('base64'))).toThrow();
  });
  it('hashes passwords with scrypt and verifies them', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });
  it('makes prefixed base62 tokens and hex SHA-256', () => {
    const t = randomToken('gh_', 40);
    expect(t).toMatch(/^gh_[0-9A-Za-z]{40}$/);
    expect(randomToken('gh_', 40)).not.toBe(t);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('TtlCache', () => {
  it('expires entries and evicts the oldest beyond its size', () => {
    let now = 0;
    const cache = new TtlCache<string, number>(100, 2, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    now = 150;
    expect(cache.get('c')).toBeUndefined();
    cache.set('d', 4);
    cache.deleteWhere((v) => v === 4);
    expect(cache.get('d')).toBeUndefined();
  });
});
