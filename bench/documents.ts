/**
 * Document round trip timing: `npm run bench:documents`. The spec target is a 10-page docx round
 * trip ≤ 500 ms (issue 5). The document is bench/fixtures/documents.ts buildLongDocx(10): 120
 * paragraphs, each with names, an email, a phone number, an IBAN, an address and a date.
 *
 * (a) In process, through the sanitizer engine (services/sanitizer/engine-default.ts, the code the
 *     service runs): extract → detect (all five profiles) → stand-ins over the whole text → rewrite
 *     of the docx (each segment's findings replaced through the same vault, as the service does) →
 *     restore of the sanitized text (fuzzy: bare stand-ins back to originals).
 * (b) Over HTTP, an in-process sanitizer app (api/sanitizer/app.ts) on an ephemeral port with
 *     PostgreSQL session storage: POST /api/v1/sanitize (base64 docx) then POST
 *     /api/v1/sessions/{token}/restore of the protected text (strict: the wrappers a provider would
 *     echo). The engine is wrapped with timers so the server-side steps show beside the wall clock.
 *
 * Database for (b): DATABASE_URL if set (it must already be migrated: `npm run migrate`); otherwise
 * the bench creates a throwaway database `gatehouse_bench_docs_<time>` through
 * BENCH_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), migrates it and
 * drops it at the end. BENCH_RUNS (default 9) timed runs after 3 warm-ups; median and p95 printed,
 * wall clock per step and the process's CPU time per round trip (the machine is shared: compare the
 * load average printed with each table; in (b) the CPU time includes the client's JSON and
 * base64 work but not PostgreSQL's).
 * Also the 3-page fixture PDF (hidden text, scan, OCR layer) to Markdown, without detection.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Client } from 'pg';
import { createSanitizerApp } from '../api/sanitizer/app';
import { loadSanitizerConfig } from '../lib/sanitizer-config';
import { createSanitizerContainer } from '../services/sanitizer/container';
import type { SanitizerEngine } from '../services/sanitizer/engine';
import { createDefaultEngine } from '../services/sanitizer/engine-default';
import { findingsBySegment } from '../services/sanitizer/sanitize';
import { createDb, migrateLatest } from '../db/connection';
import { extractDocument, rewriteDocument } from '../domain/documents';
import { buildLongDocx, buildPdf } from './fixtures/documents';

type Lang = 'en' | 'de';
type Steps = Record<string, number>;

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARMUP = 3;
const MAX_BYTES = 15 * 1024 * 1024;

const load = () => os.loadavg()[0]!.toFixed(2);
/** CPU time of this process (all its threads) since `since`, in ms: steadier than the wall clock on a busy machine. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

/** Median and p95 of every step over the runs (p95 of few runs is their slowest or second slowest). */
function summarise(runs: Steps[]): { step: string; median: number; p95: number }[] {
  return Object.keys(runs[0]!).map((step) => {
    const xs = runs.map((r) => r[step]!);
    return { step, median: quantile(xs, 0.5), p95: quantile(xs, 0.95) };
  });
}

function printTable(title: string, runs: Steps[]) {
  console.log(`${title} (${runs.length} runs after ${WARMUP} warm-up; load average now ${load()})`);
  for (const r of summarise(runs)) console.log(`  ${r.step.padEnd(34)} median ${ms(r.median).padStart(10)}   p95 ${ms(r.p95).padStart(10)}`);
}

// ---------------------------------------------------------------------------------------------
// (a) in process, through the engine

interface EngineRun {
  steps: Steps;
  chars: number;
  findings: number;
  segments: number;
  restoredOk: boolean;
  tokensRestored: number;
}

async function engineRoundTrip(engine: SanitizerEngine, docx: Buffer, language: Lang): Promise<EngineRun> {
  const opts = { maxBytes: MAX_BYTES };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const extracted = await engine.extract(docx, 'docx', opts);
  const t1 = performance.now();
  const findings = engine.detect(extracted.text, { profiles: [...engine.profiles], language, customEntities: [], redlist: [] });
  const t2 = performance.now();
  const vault = engine.newVault(language);
  const whole = engine.protect(extracted.text, findings, vault);
  const t3 = performance.now();
  const bySegment = findingsBySegment(extracted, findings);
  await engine.rewrite(docx, 'docx', opts, (segmentText, _location, index) => {
    const inside = bySegment.get(index);
    return inside?.length ? engine.protect(segmentText, inside, vault).sanitized : segmentText;
  });
  const t4 = performance.now();
  const restored = engine.restore(whole.sanitized, vault, 'fuzzy');
  const t5 = performance.now();
  return {
    steps: { extract: t1 - t0, detect: t2 - t1, 'stand-ins (whole text)': t3 - t2, 'rewrite docx': t4 - t3, restore: t5 - t4, total: t5 - t0, 'total, CPU time': cpuMs(cpu0) },
    chars: extracted.text.length,
    findings: findings.length,
    segments: extracted.segments.length,
    restoredOk: restored.restored === extracted.text,
    tokensRestored: restored.tokensRestored,
  };
}

async function benchEngine(language: Lang) {
  const engine = createDefaultEngine();
  const docx = await buildLongDocx(10, language);
  for (let i = 0; i < WARMUP; i++) await engineRoundTrip(engine, docx, language);
  const runs: EngineRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await engineRoundTrip(engine, docx, language));
  const r = runs[0]!;
  printTable(
    `(a) engine, 10-page docx ${language} (${docx.length} bytes, ${r.chars} chars, ${r.segments} segments, ${r.findings} findings; ` +
      `restore gave back the original text: ${r.restoredOk ? 'yes' : 'NO'}, ${r.tokensRestored} stand-ins restored)`,
    runs.map((x) => x.steps),
  );
}

// ---------------------------------------------------------------------------------------------
// (b) over HTTP with PostgreSQL storage

/** The default engine with every call timed into `sink` (the current request's steps). */
function timedEngine(sink: { steps: Steps | null }): SanitizerEngine {
  const inner = createDefaultEngine();
  const add = (step: string, t0: number) => {
    if (sink.steps) sink.steps[step] = (sink.steps[step] ?? 0) + performance.now() - t0;
  };
  return {
    ...inner,
    detect(text, opts) {
      const t0 = performance.now();
      try {
        return inner.detect(text, opts);
      } finally {
        add('server: detect', t0);
      }
    },
    protect(text, findings, vault) {
      const t0 = performance.now();
      try {
        return inner.protect(text, findings, vault);
      } finally {
        add('server: stand-ins', t0);
      }
    },
    restore(text, vault, mode) {
      const t0 = performance.now();
      try {
        return inner.restore(text, vault, mode);
      } finally {
        add('server: restore', t0);
      }
    },
    async extract(buffer, type, opts) {
      const t0 = performance.now();
      try {
        return await inner.extract(buffer, type, opts);
      } finally {
        add('server: extract', t0);
      }
    },
    async rewrite(buffer, type, opts, rewrite) {
      // Stand-ins made inside the rewrite callback count as rewrite time here, not as stand-ins.
      const saved = sink.steps;
      const t0 = performance.now();
      sink.steps = null;
      try {
        return await inner.rewrite(buffer, type, opts, rewrite);
      } finally {
        sink.steps = saved;
        add('server: rewrite docx', t0);
      }
    },
  };
}

async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return fn(process.env.DATABASE_URL);
  const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gatehouse_bench_docs_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const db = createDb(url.toString(), 2);
    try {
      await migrateLatest(db);
    } finally {
      await db.destroy();
    }
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchHttp(languages: Lang[]) {
  await withDatabase(async (databaseUrl) => {
    const token = randomBytes(24).toString('hex');
    const config = loadSanitizerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '5',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SANITIZER_API_TOKEN: token,
    });
    const sink: { steps: Steps | null } = { steps: null };
    const container = createSanitizerContainer(config, { engine: timedEngine(sink) });
    const server: Server = createSanitizerApp(container).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as T;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return json;
    };
    try {
      for (const language of languages) {
        const docx = await buildLongDocx(10, language);
        const once = async () => {
          const steps: Steps = {};
          sink.steps = steps;
          const cpu0 = process.cpuUsage();
          const t0 = performance.now();
          const sanitized = await post<{ session_token: string; protected_document: string; detection_summary: { total_entities_found: number } }>(
            '/api/v1/sanitize',
            {
              document: docx.toString('base64'),
              document_type: 'docx',
              profiles: [...container.engine.profiles],
              options: { language },
            },
          );
          const t1 = performance.now();
          const protectedText = Buffer.from(sanitized.protected_document, 'base64').toString('utf8');
          const restored = await post<{ restored_content: string; tokens_restored: number; restoration_status: string }>(
            `/api/v1/sessions/${sanitized.session_token}/restore`,
            { content: protectedText, restoration_mode: 'strict' },
          );
          const t2 = performance.now();
          sink.steps = null;
          const engineSanitize = (steps['server: extract'] ?? 0) + (steps['server: detect'] ?? 0) + (steps['server: stand-ins'] ?? 0) + (steps['server: rewrite docx'] ?? 0);
          return {
            steps: {
              'POST /sanitize (wall)': t1 - t0,
              ...steps,
              'sanitize: http, json, storage': t1 - t0 - engineSanitize,
              'POST /sessions/{t}/restore (wall)': t2 - t1,
              'restore: http, json, storage': t2 - t1 - (steps['server: restore'] ?? 0),
              total: t2 - t0,
              'total, CPU time (this process)': cpuMs(cpu0),
            },
            findings: sanitized.detection_summary.total_entities_found,
            restored: restored.tokens_restored,
            status: restored.restoration_status,
            protectedChars: protectedText.length,
          };
        };
        for (let i = 0; i < WARMUP; i++) await once();
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await once());
        const r = runs[0]!;
        printTable(
          `(b) HTTP + PostgreSQL, 10-page docx ${language} (${docx.length} bytes, base64 in JSON; ${r.findings} findings; ` +
            `restore of ${r.protectedChars} chars of protected text: ${r.restored} wrappers, ${r.status})`,
          runs.map((x) => x.steps),
        );
      }
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await container.close();
    }
  });
}

// ---------------------------------------------------------------------------------------------

async function benchPdf() {
  const pdf = await buildPdf();
  const once = async () => {
    const t0 = performance.now();
    const doc = await extractDocument(pdf, 'pdf');
    const t1 = performance.now();
    await rewriteDocument(pdf, 'pdf', {}, (s) => s);
    const t2 = performance.now();
    return { steps: { extract: t1 - t0, 'rewrite (extracts again)': t2 - t1, total: t2 - t0 }, chars: doc.text.length };
  };
  for (let i = 0; i < WARMUP; i++) await once(); // the first also loads pdf.js
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await once());
  printTable(`3-page fixture PDF → Markdown, no detection (${pdf.length} bytes)`, runs.map((r) => r.steps));
}

async function main() {
  console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}; load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const languages: Lang[] = ['en', 'de'];
  for (const language of languages) await benchEngine(language);
  await benchHttp(languages);
  await benchPdf();
  console.log(`load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
