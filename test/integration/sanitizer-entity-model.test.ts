import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDefaultEngine } from '../../services/sanitizer/engine-default';
import { TINY_MANIFEST, TINY_MODEL_FIXTURE } from '../../scripts/build-test-entity-model';
import { freePort } from '../../temporal/dev-server';

/**
 * Spec document 2's entity-model switch, through the real sanitizer process (`node --import tsx
 * workers/sanitizer.ts`, as `npm run sanitizer`) and its HTTP API, with the tiny ONNX model that
 * scripts/build-test-entity-model.ts builds (test/fixtures/entity-model). Separate processes, not
 * the in-process app of test/support/stack.ts: onnxruntime-node's native side makes its output
 * arrays in the main JavaScript realm, which jest's per-file sandbox does not share; and a process
 * is what shows that a bad model stops the start, and which native libraries it has loaded.
 *
 * The tiny model's words (scripts/build-test-entity-model.ts): zorblat B-PER 0.9, quimby I-PER
 * 0.85, brellin B-LOC 0.7, glimmerworks B-ORG 0.8, vantoria B-LOC 0.4 (under the 0.5 default).
 */
jest.setTimeout(240_000);
const ROOT = path.resolve(__dirname, '../..');
type Json = Record<string, any>;
type Finding = { entity_type: string; start: number; end: number; score: number; text: string };

// The made-up name is written in lower case: the rules' own name tagger finds "Zorblat Quimby"
// capitalised after "ask" (as it should), and this test needs words only the model knows.
const TEXT = 'Please ask zorblat quimby in brellin about the parcel from glimmerworks; vantoria was not on the label. Reply to anna.berg@example.com.';
const PROFILES = ['personal_information', 'corporate_confidential'];

interface SanitizerProcess {
  child: ChildProcess;
  output: string[];
  request<T = Json>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

const started: SanitizerProcess[] = [];
const tempDirs: string[] = [];

/** `node --require` this to start a sanitizer as on a machine where onnxruntime-node did not install. */
const WITHOUT_ONNXRUNTIME = ['--require', path.join(ROOT, 'test', 'support', 'hide-onnxruntime.cjs')];

function spawnSanitizer(env: Record<string, string>, port: number, nodeArgs: string[] = []) {
  const token = randomBytes(24).toString('hex');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'workers', 'sanitizer.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      DATABASE_POOL_MAX: '3',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SANITIZER_API_TOKEN: token,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  return { child, output, token };
}

async function startSanitizer(env: Record<string, string>, nodeArgs: string[] = []): Promise<SanitizerProcess> {
  const port = await freePort();
  const { child, output, token } = spawnSanitizer(env, port, nodeArgs);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`sanitizer did not start:\n${output.join('').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const proc: SanitizerProcess = {
    child,
    output,
    async request(method, route, body) {
      const res = await fetch(`${url}${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as never };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  started.push(proc);
  return proc;
}

/** Starts a sanitizer that must refuse to start: its exit code and everything it wrote. */
async function failedStart(env: Record<string, string>, nodeArgs: string[] = []): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnSanitizer(env, await freePort(), nodeArgs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output: output.join('') };
}

afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const detect = (p: SanitizerProcess, text: string, profiles = PROFILES) =>
  p.request<{ findings: Finding[] }>('POST', '/api/v1/sanitize', {
    document: Buffer.from(text).toString('base64'),
    document_type: 'txt',
    profiles,
    options: { mode: 'detect_only' },
  });

const entityModelStatus = async (p: SanitizerProcess) => (await p.request('GET', '/api/v1/admin/entity-model')).body;

/** The native libraries a process has mapped (Linux): onnxruntime's appear once the package is loaded. */
const mapsOnnxRuntime = (p: SanitizerProcess) => readFileSync(`/proc/${p.child.pid}/maps`, 'utf8').includes('onnxruntime');

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A copy of the tiny model in a temp directory, optionally changed. */
function modelCopy(change?: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-entity-model-'));
  tempDirs.push(dir);
  cpSync(TINY_MODEL_FIXTURE, dir, { recursive: true });
  change?.(dir);
  return dir;
}

const simple = (findings: Finding[]) => findings.map((f) => ({ entity_type: f.entity_type, text: f.text, start: f.start, end: f.end }));

describe('switch off (the default)', () => {
  let off: SanitizerProcess;
  let withoutPackage: SanitizerProcess;
  beforeAll(async () => {
    // A model directory that does not exist: with the switch off nothing reads it. The second
    // process cannot resolve onnxruntime-node at all, as where the optional install failed.
    [off, withoutPackage] = await Promise.all([
      startSanitizer({ ENTITY_MODEL_NAME: '/nonexistent/entity-model' }),
      startSanitizer({}, WITHOUT_ONNXRUNTIME),
    ]);
  });

  it('loads nothing, reports the switch off, and finds exactly what the rules find', async () => {
    expect(await entityModelStatus(off)).toEqual({ enabled: false });
    const res = await detect(off, TEXT);
    expect(res.status).toBe(200);
    const rules = createDefaultEngine().detect(TEXT, { profiles: PROFILES, language: 'en', customEntities: [], redlist: [] });
    expect(rules.length).toBeGreaterThan(0);
    expect(simple(res.body.findings)).toEqual(rules.map((f) => ({ entity_type: f.entityType, text: f.text, start: f.start, end: f.end })));
    // None of the made-up words is known to the rules: only the model can find them.
    expect(res.body.findings.filter((f) => /zorblat|quimby|brellin|glimmerworks|vantoria/i.test(f.text))).toEqual([]);
    // The package is installed here, yet its native library never entered the process.
    expect(require.resolve('onnxruntime-node')).toBeTruthy();
    expect(mapsOnnxRuntime(off)).toBe(false);
  });

  it('works the same where onnxruntime-node is not installed', async () => {
    const res = await detect(withoutPackage, TEXT);
    expect(res.status).toBe(200);
    expect(simple(res.body.findings)).toEqual(simple((await detect(off, TEXT)).body.findings));
  });
});

describe('switch on with the tiny model', () => {
  let on: SanitizerProcess;
  let modelDir: string;
  beforeAll(async () => {
    modelDir = modelCopy();
    on = await startSanitizer({ ENTITY_MODEL_ENABLED: 'true', ENTITY_MODEL_NAME: modelDir, ENTITY_MODEL_IDLE_UNLOAD_SECONDS: '1' });
  });

  it('checks the model at start and then waits for the first request to load it', async () => {
    expect(on.output.join('')).toContain('entity model checked');
    expect(await entityModelStatus(on)).toMatchObject({
      enabled: true,
      name: 'gatehouse-tiny-test-model',
      directory: modelDir,
      threshold: 0.5,
      idle_unload_seconds: 1,
      state: 'unloaded',
      loads: 0,
    });
  });

  it('adds the model findings with their scores, keeps the rule findings, and drops what scores under the threshold', async () => {
    const res = await detect(on, TEXT);
    expect(res.status).toBe(200);
    // The first request loaded it (it may be unloaded again already: the idle timeout is 1 s).
    expect(await entityModelStatus(on)).toMatchObject({ loads: 1 });
    const byText = new Map(res.body.findings.map((f) => [f.text, f]));
    expect(byText.get('zorblat quimby')).toMatchObject({ entity_type: 'PERSON', start: 11, end: 25, score: expect.closeTo(0.875, 3) });
    expect(byText.get('brellin')).toMatchObject({ entity_type: 'LOCATION', score: expect.closeTo(0.7, 3) });
    expect(byText.get('glimmerworks')).toMatchObject({ entity_type: 'ORGANIZATION', score: expect.closeTo(0.8, 3) });
    // vantoria: the model's best label is B-LOC, but at 0.4.
    expect(res.body.findings.some((f) => f.text === 'vantoria')).toBe(false);
    // Every rule finding is still there (none of them overlaps a model finding in this text).
    const rules = createDefaultEngine().detect(TEXT, { profiles: PROFILES, language: 'en', customEntities: [], redlist: [] });
    for (const r of rules) expect(simple(res.body.findings)).toContainEqual({ entity_type: r.entityType, text: r.text, start: r.start, end: r.end });
    expect(mapsOnnxRuntime(on)).toBe(true);
  });

  it('keeps only the types of the requested profiles', async () => {
    const res = await detect(on, TEXT, ['personal_information']);
    expect(res.body.findings.map((f) => f.text)).toEqual(expect.arrayContaining(['zorblat quimby', 'brellin']));
    expect(res.body.findings.some((f) => f.entity_type === 'ORGANIZATION')).toBe(false);
  });

  it('resolves overlaps with the rule findings by the overlap rule: the longer e-mail address wins over the name inside it', async () => {
    const text = 'Write to zorblat@example.com today.';
    const res = await detect(on, text);
    expect(simple(res.body.findings)).toEqual([{ entity_type: 'EMAIL_ADDRESS', text: 'zorblat@example.com', start: 9, end: 28 }]);
  });

  it('reads texts longer than one model window (64 tokens) as one: a name across the window edge is one finding', async () => {
    const filler = Array.from({ length: 63 }, (_, i) => (i % 2 ? 'parcel' : 'the')).join(' ');
    const text = `${filler} zorblat quimby left.`;
    const res = await detect(on, text);
    expect(simple(res.body.findings)).toEqual([{ entity_type: 'PERSON', text: 'zorblat quimby', start: filler.length + 1, end: filler.length + 15 }]);
  });

  it('replaces the model findings with stand-ins in a sanitize session, and restores them', async () => {
    const res = await on.request<Json>('POST', '/api/v1/sanitize', { document: Buffer.from(TEXT).toString('base64'), document_type: 'txt', profiles: PROFILES });
    expect(res.status).toBe(200);
    const sanitized = Buffer.from(res.body.sanitized_document, 'base64').toString('utf8');
    for (const original of ['zorblat', 'quimby', 'brellin', 'glimmerworks']) expect(sanitized).not.toContain(original);
    expect(sanitized).toContain('vantoria');
    expect(res.body.detection_summary.by_category).toMatchObject({ PERSON: 1, LOCATION: 1, ORGANIZATION: 1 });
    const restored = await on.request<Json>('POST', `/api/v1/sessions/${res.body.session_token}/restore`, { content: sanitized, content_type: 'text' });
    expect(restored.body.restored_content).toBe(TEXT);
  });

  it('protects the model findings in a protected handoff too, in the prompt and in a file', async () => {
    const res = await on.request<Json>('POST', '/api/v1/handoff/protect', {
      handoff_id: randomUUID(),
      prompt: TEXT,
      files: [{ document_type: 'txt', document: Buffer.from('Signed by zorblat quimby at brellin.').toString('base64') }],
      profiles: ['personal_information'],
      scope: { key_id: null, wrapped_salt: null },
    });
    expect(res.status).toBe(200);
    const handoff = Buffer.from(res.body.handoff_file.base64, 'base64').toString('utf8');
    const file = Buffer.from(res.body.files[0].base64, 'base64').toString('utf8');
    for (const text of [handoff, file]) for (const original of ['zorblat', 'quimby', 'brellin']) expect(text.toLowerCase()).not.toContain(original);
    expect(res.body.protected_counts).toMatchObject({ PERSON: 2, LOCATION: 2, EMAIL_ADDRESS: 1 });
  });

  it('unloads the model after the idle timeout and loads it again on the next request', async () => {
    await until(async () => (await entityModelStatus(on)).state === 'unloaded', 15_000, 'idle unload');
    const idle = await entityModelStatus(on);
    // Every load so far ended in an idle unload (more than one if the earlier tests paused for 1 s).
    expect(idle.unloads).toBeGreaterThanOrEqual(1);
    expect(idle.loads).toBe(idle.unloads);
    expect(on.output.join('')).toContain('entity model unloaded after idle timeout');
    const again = await detect(on, TEXT);
    expect(again.body.findings.find((f) => f.text === 'zorblat quimby')).toMatchObject({ entity_type: 'PERSON' });
    expect(await entityModelStatus(on)).toMatchObject({ loads: idle.loads + 1 });
  });

  it('a model broken after the start fails the request with 503 ENTITY_MODEL_UNAVAILABLE (never the rules alone), and recovers when fixed', async () => {
    await until(async () => (await entityModelStatus(on)).state === 'unloaded', 15_000, 'idle unload');
    const good = readFileSync(path.join(modelDir, 'model.onnx'));
    writeFileSync(path.join(modelDir, 'model.onnx'), 'not an onnx model');
    const broken = await detect(on, TEXT);
    expect(broken.status).toBe(503);
    expect(broken.body).toMatchObject({ code: 'ENTITY_MODEL_UNAVAILABLE', error: expect.stringContaining('is not a model ONNX Runtime can load') });
    writeFileSync(path.join(modelDir, 'model.onnx'), good);
    const fixed = await detect(on, TEXT);
    expect(fixed.status).toBe(200);
    expect(fixed.body.findings.some((f) => f.text === 'zorblat quimby')).toBe(true);
  });
});

describe('the threshold setting', () => {
  it('with ENTITY_MODEL_THRESHOLD 0.35 the 0.4 finding is reported too', async () => {
    const low = await startSanitizer({ ENTITY_MODEL_ENABLED: 'true', ENTITY_MODEL_NAME: TINY_MODEL_FIXTURE, ENTITY_MODEL_THRESHOLD: '0.35' });
    const res = await detect(low, TEXT);
    expect(res.body.findings.find((f) => f.text === 'vantoria')).toMatchObject({ entity_type: 'LOCATION', score: expect.closeTo(0.4, 3) });
    await low.stop();
  });
});

describe('a missing or broken model stops the start with the reason', () => {
  const on = (dir: string) => ({ ENTITY_MODEL_ENABLED: 'true', ENTITY_MODEL_NAME: dir });

  it('onnxruntime-node not installed', async () => {
    const { code, output } = await failedStart(on(TINY_MODEL_FIXTURE), WITHOUT_ONNXRUNTIME);
    expect(code).toBe(1);
    expect(output).toContain(`sanitizer failed to start: ENTITY_MODEL_NAME=${TINY_MODEL_FIXTURE}: the optional package onnxruntime-node could not be loaded`);
    expect(output).toContain('install it with "npm install onnxruntime-node" or turn ENTITY_MODEL_ENABLED off');
  });

  it('a directory that does not exist', async () => {
    const { code, output } = await failedStart(on('/nonexistent/entity-model'));
    expect(code).toBe(1);
    expect(output).toContain('sanitizer failed to start: ENTITY_MODEL_NAME=/nonexistent/entity-model: /nonexistent/entity-model is not a directory');
  });

  it('a model.onnx that is not a model', async () => {
    const dir = modelCopy((d) => writeFileSync(path.join(d, 'model.onnx'), 'not an onnx model'));
    const { code, output } = await failedStart(on(dir));
    expect(code).toBe(1);
    expect(output).toContain(`sanitizer failed to start: ENTITY_MODEL_NAME=${dir}: ${path.join(dir, 'model.onnx')} is not a model ONNX Runtime can load`);
  });

  it('a manifest whose labels do not match the model output', async () => {
    const dir = modelCopy((d) => writeFileSync(path.join(d, 'entity-model.json'), JSON.stringify({ ...TINY_MANIFEST, labels: [...TINY_MANIFEST.labels, 'B-NORP'] })));
    const { code, output } = await failedStart(on(dir));
    expect(code).toBe(1);
    expect(output).toMatch(/output probabilities has shape \[1, \d+, 7\], expected \[1, \d+, 8\]/);
  });

  it('a manifest that is missing', async () => {
    const dir = modelCopy((d) => rmSync(path.join(d, 'entity-model.json')));
    const { code, output } = await failedStart(on(dir));
    expect(code).toBe(1);
    expect(output).toContain(`entity-model.json is missing from ${dir}`);
  });
});
