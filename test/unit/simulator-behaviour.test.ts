import { BehaviourBook, DEFAULT_BEHAVIOUR, mulberry32, parseBehaviour } from '../../simulator/behaviour';
import { createSimulator, type Simulator } from '../../simulator/server';
import type { StatsSnapshot } from '../../simulator/stats';

describe('parseBehaviour', () => {
  it('parses every setting of a sim; key', () => {
    expect(parseBehaviour('sim;latency=25;fail=503;failRate=0.5;rate429=0.2;retryAfter=3;seed=7;model=gpt-x')).toEqual({
      ...DEFAULT_BEHAVIOUR,
      latencyMs: 25,
      failStatus: 503,
      failRate: 0.5,
      rate429: 0.2,
      retryAfterSeconds: 3,
      seed: 7,
      model: 'gpt-x',
    });
  });

  it('defaults failRate to 1 and retryAfter to 1; ignores labels and empty parts', () => {
    expect(parseBehaviour('sim;fail=500;;tenant=a;flag')).toEqual({ ...DEFAULT_BEHAVIOUR, failStatus: 500 });
    expect(parseBehaviour('sim;rate429=1').retryAfterSeconds).toBe(1);
  });

  it('treats any other key as normal', () => {
    expect(parseBehaviour('sk-live-fail=500')).toBe(DEFAULT_BEHAVIOUR);
  });

  it('parses echo=full and echo=<n>; the default leaves the echo clip alone', () => {
    expect(parseBehaviour('sim;echo=full').echoMaxChars).toBe(Number.POSITIVE_INFINITY);
    expect(parseBehaviour('sim;echo=50000').echoMaxChars).toBe(50_000);
    expect(parseBehaviour('sim;id=x').echoMaxChars).toBeUndefined();
  });

  it.each(['sim;fail=abc', 'sim;fail=200', 'sim;fail=500.5', 'sim;failRate=2', 'sim;latency=-1', 'sim;rate429=', 'sim;model=', 'sim;fail=500.5x', 'sim;echo=', 'sim;echo=0', 'sim;echo=2.5', 'sim;echo=all'])(
    'rejects %s with a 400',
    (key) => {
      expect(() => parseBehaviour(key)).toThrow(expect.objectContaining({ name: 'SimHttpError', status: 400 }));
    },
  );
});

describe('PRNG', () => {
  it('mulberry32 repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const seqA = Array.from({ length: 100 }, a);
    expect(Array.from({ length: 100 }, b)).toEqual(seqA);
    expect(Array.from({ length: 100 }, c)).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
    // roughly uniform
    const mean = seqA.reduce((s, x) => s + x, 0) / seqA.length;
    expect(mean).toBeGreaterThan(0.35);
    expect(mean).toBeLessThan(0.65);
  });

  it('BehaviourBook gives a seeded key the same outcomes after reset, and a different seed others', () => {
    const book = new BehaviourBook();
    const outcomes = (key: string) => Array.from({ length: 40 }, () => book.decide(key, book.behaviourFor(key)).kind);
    const first = outcomes('sim;rate429=0.5;seed=1');
    expect(first).toContain('ok');
    expect(first).toContain('rate429');
    book.reset();
    expect(outcomes('sim;rate429=0.5;seed=1')).toEqual(first);
    expect(outcomes('sim;rate429=0.5;seed=2')).not.toEqual(first);
  });

  it('delays by the fixed latency, else 0-2 ms', () => {
    const book = new BehaviourBook();
    expect(book.delayMs(parseBehaviour('sim;latency=40'))).toBe(40);
    const jitter = new Set(Array.from({ length: 200 }, () => book.delayMs(DEFAULT_BEHAVIOUR)));
    expect([...jitter].sort()).toEqual([0, 1, 2]);
  });
});

describe('simulator over HTTP', () => {
  let sim: Simulator;
  let url: string;

  beforeAll(async () => {
    sim = createSimulator();
    ({ url } = await sim.listen(0));
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    await fetch(`${url}/_sim/reset`, { method: 'POST' });
  });

  const chat = (key: string | undefined) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    }).then((r) => r.status);
  const messages = (key: string) =>
    fetch(`${url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: JSON.stringify({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    }).then((r) => r.status);
  const generate = (key: string) =>
    fetch(`${url}/v1beta/models/g:generateContent?key=${encodeURIComponent(key)}`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    }).then((r) => r.status);
  const stats = async () => (await (await fetch(`${url}/_sim/stats`)).json()) as StatsSnapshot;

  it('counts every request per key and endpoint, failed ones included, and reset zeroes it', async () => {
    expect(await chat('a')).toBe(200);
    expect(await chat('a')).toBe(200);
    expect(await messages('a')).toBe(200);
    expect(await generate('b')).toBe(200);
    expect(await messages('sim;fail=500')).toBe(500);
    expect(await chat(undefined)).toBe(401);

    expect(await stats()).toEqual({
      total: 6,
      byKey: {
        a: { requests: 3, byEndpoint: { chat: 2, messages: 1 } },
        b: { requests: 1, byEndpoint: { generateContent: 1 } },
        'sim;fail=500': { requests: 1, byEndpoint: { messages: 1 } },
        '': { requests: 1, byEndpoint: { chat: 1 } },
      },
      streams: { started: 0, completed: 0, aborted: 0 },
    });

    const reset = await fetch(`${url}/_sim/reset`, { method: 'POST' });
    expect(await reset.json()).toEqual({ ok: true });
    expect(await stats()).toEqual({ total: 0, byKey: {}, streams: { started: 0, completed: 0, aborted: 0 } });
  });

  it('repeats a seeded key’s outcome sequence after reset', async () => {
    const run = async (key: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push(await chat(key));
      return statuses;
    };
    const first = await run('sim;rate429=0.5;seed=42');
    expect(new Set(first)).toEqual(new Set([200, 429]));
    await fetch(`${url}/_sim/reset`, { method: 'POST' });
    expect(await run('sim;rate429=0.5;seed=42')).toEqual(first);
    expect(await run('sim;rate429=0.5;seed=4242')).not.toEqual(first);
  });

  it('applies failRate as a probability', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await chat('sim;fail=503;failRate=0.5;seed=3'));
    const failures = statuses.filter((s) => s === 503).length;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(35);
    expect(statuses.filter((s) => s !== 503).every((s) => s === 200)).toBe(true);
    expect(await chat('sim;fail=503;failRate=0')).toBe(200);
  });

  it('waits latency=<ms> before answering, and normal keys answer within a few ms', async () => {
    let started = performance.now();
    expect(await chat('sim;latency=150')).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);

    await chat('warm-up');
    started = performance.now();
    for (let i = 0; i < 10; i++) await chat('normal');
    expect((performance.now() - started) / 10).toBeLessThan(25);
  });

  it('400s a key with an invalid setting', async () => {
    expect(await chat('sim;rate429=lots')).toBe(400);
  });

  it('serves health and 404s unknown control routes', async () => {
    expect((await fetch(`${url}/_sim/health`)).status).toBe(200);
    expect((await fetch(`${url}/_sim/nope`)).status).toBe(404);
  });
});
