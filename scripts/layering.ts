/**
 * The import check that keeps calls going one way (docs/ARCHITECTURE.md, "Folders and the direction
 * of calls"). It reads every import of every TypeScript file (static, `export … from`, dynamic
 * `import()`, `require`, `import('…')` types), maps each to its top-level folder and refuses:
 *
 * 1. an import upward: a layered folder may import its own folder and the layers below it only;
 * 2. a layered folder importing a tool folder (bench, scripts, simulator, test, examples);
 * 3. workflow code importing anything with I/O at run time (activities only as types: the
 *    Temporal sandbox bundles what workflows import), and domain code importing I/O packages;
 * 4. any circle between top-level folders, tools included.
 *
 * `npm test` runs it through test/unit/layering.test.ts; `node --import tsx scripts/layering.ts`
 * prints the findings and the folder graph.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from '@swc/core';

/** Top to bottom. Each may import itself and what is below it. */
export const LAYERS = ['workers', 'api', 'services', 'workflows', 'activities', 'temporal', 'db', 'domain', 'lib'] as const;

/** Programs and tools around the product: they may import the layers, never the reverse. */
export const TOOLS = ['bench', 'scripts', 'simulator', 'test', 'examples'] as const;

/** The simulator stands in for outside providers: it shares configuration helpers only. */
const SIMULATOR_MAY_IMPORT = new Set(['simulator', 'lib']);

/** Workflow code runs in Temporal's sandbox: at run time it may only import these (and @temporalio/workflow). */
const WORKFLOW_RUNTIME_TARGETS = new Set(['workflows', 'domain', 'lib']);
const WORKFLOW_RUNTIME_FILES = new Set(['temporal/workflow-ids']);

/** Packages that do I/O: domain/ is pure and never imports them. */
const IO_PACKAGES = [
  /^knex$/,
  /^pg$/,
  /^objection$/,
  /^koa/,
  /^@koa\//,
  /^@temporalio\/(client|worker|activity)$/,
  /^(node:)?(fs|http|https|http2|net|dgram|child_process|worker_threads)(\/|$)/,
  /^undici$/,
  /^openai$/,
  /^@anthropic-ai\//,
  /^@google\/genai$/,
];
/** node:net's isIP is pure; domain uses it for address literals. */
const IO_EXCEPTIONS = new Map([['domain', new Set(['node:net'])]]);

/**
 * Domain files that read the read-only data the repository ships in data/ (lexicons, gazetteers,
 * model weights), once, when first imported. That is loading code's own tables, not I/O with the
 * outside world: nothing in domain/ reads a file a user or another process writes.
 */
const DOMAIN_DATA_LOADERS = new Set(['domain/pii/gazetteer.ts']);
const DATA_READ_PACKAGES = new Set(['node:fs', 'fs', 'node:path', 'path']);

export interface ImportRef {
  specifier: string;
  /** `import type`, `export type`, or `import('…')` in a type position: no run-time dependency. */
  typeOnly: boolean;
}

export interface Finding {
  file: string;
  specifier: string;
  rule: 'upward' | 'tool' | 'workflow-runtime' | 'domain-io' | 'simulator' | 'circle';
  message: string;
}

type Node = { type?: string; [key: string]: unknown };

/** Every import of one source file, found by parsing it (comments and strings never match). */
export function importsOf(source: string, fileName: string): ImportRef[] {
  const ast = parseSync(source, { syntax: 'typescript', tsx: fileName.endsWith('x') });
  const out: ImportRef[] = [];
  for (const item of ast.body as unknown as Node[]) {
    const source = item.source as { value: string } | undefined;
    if (!source) continue;
    if (item.type === 'ImportDeclaration') {
      const specifiers = (item.specifiers as Array<{ isTypeOnly?: boolean }>) ?? [];
      const allTyped = specifiers.length > 0 && specifiers.every((s) => s.isTypeOnly);
      out.push({ specifier: source.value, typeOnly: Boolean(item.typeOnly) || allTyped });
    } else if (item.type === 'ExportAllDeclaration' || item.type === 'ExportNamedDeclaration') {
      out.push({ specifier: source.value, typeOnly: Boolean(item.typeOnly) });
    }
  }
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    const n = node as Node;
    if (n.type === 'CallExpression') {
      const callee = n.callee as Node | undefined;
      const first = (n.arguments as Array<{ expression: Node }> | undefined)?.[0]?.expression;
      const isImport = callee?.type === 'Import' || (callee?.type === 'Identifier' && callee.value === 'require');
      if (isImport && first?.type === 'StringLiteral') out.push({ specifier: first.value as string, typeOnly: false });
    }
    if (n.type === 'TsImportType') {
      const arg = n.argument as { value?: string } | undefined;
      if (arg?.value) out.push({ specifier: arg.value, typeOnly: true });
    }
    for (const key of Object.keys(n)) if (key !== 'span') walk(n[key]);
  };
  walk(ast.body);
  return out;
}

function topFolder(file: string): string {
  return file.split('/')[0]!;
}

function layerIndex(folder: string): number {
  return (LAYERS as readonly string[]).indexOf(folder);
}

/** The repository file a relative specifier points at, or null (a package, or a file not given). */
function resolveRelative(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`]) {
    if (known.has(candidate)) return candidate;
  }
  // Unknown target: still classify by folder (a deleted or generated file is still an edge).
  return base;
}

/** Findings for a set of files (repository-relative POSIX paths → source text). */
export function checkLayering(files: ReadonlyMap<string, string>): { findings: Finding[]; folderEdges: Map<string, Set<string>> } {
  const known = new Set(files.keys());
  const findings: Finding[] = [];
  const folderEdges = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    const from = topFolder(file);
    for (const ref of importsOf(source, file)) {
      const target = resolveRelative(file, ref.specifier, known);
      if (target === null) {
        const dataLoad = DOMAIN_DATA_LOADERS.has(file) && DATA_READ_PACKAGES.has(ref.specifier);
        if (from === 'domain' && IO_PACKAGES.some((p) => p.test(ref.specifier)) && !IO_EXCEPTIONS.get('domain')?.has(ref.specifier) && !ref.typeOnly && !dataLoad) {
          findings.push({ file, specifier: ref.specifier, rule: 'domain-io', message: `domain is pure: ${file} imports the I/O package ${ref.specifier}` });
        }
        continue;
      }
      const to = topFolder(target);
      if (to === from) continue;
      if (!folderEdges.has(from)) folderEdges.set(from, new Set());
      folderEdges.get(from)!.add(to);
      const fromLayer = layerIndex(from);
      const toLayer = layerIndex(to);
      if (fromLayer >= 0 && toLayer >= 0 && toLayer < fromLayer) {
        findings.push({ file, specifier: ref.specifier, rule: 'upward', message: `${file} (${from}) imports ${target} (${to}), a layer above it` });
      }
      if (fromLayer >= 0 && (TOOLS as readonly string[]).includes(to)) {
        findings.push({ file, specifier: ref.specifier, rule: 'tool', message: `${file} (${from}) imports ${target} from the tool folder ${to}` });
      }
      if (from === 'simulator' && !SIMULATOR_MAY_IMPORT.has(to)) {
        findings.push({ file, specifier: ref.specifier, rule: 'simulator', message: `the simulator stands alone: ${file} imports ${target}` });
      }
      if (from === 'workflows' && !ref.typeOnly && !WORKFLOW_RUNTIME_TARGETS.has(to) && !WORKFLOW_RUNTIME_FILES.has(target.replace(/\.(ts|tsx|mjs|js)$/, ''))) {
        findings.push({
          file,
          specifier: ref.specifier,
          rule: 'workflow-runtime',
          message: `workflow code runs in the Temporal sandbox: ${file} imports ${target} at run time (use \`import type\`)`,
        });
      }
    }
  }
  for (const circle of folderCircles(folderEdges)) {
    findings.push({ file: circle[0]!, specifier: '', rule: 'circle', message: `import circle between top-level folders: ${circle.join(' -> ')}` });
  }
  return { findings, folderEdges };
}

/** Each strongly connected group of two or more folders, as a path that closes on itself. */
export function folderCircles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  const circles: string[][] = [];
  const reach = (a: string, b: string): string[] | null => {
    const queue: string[][] = [[a]];
    const seen = new Set([a]);
    while (queue.length) {
      const trail = queue.shift()!;
      for (const next of edges.get(trail[trail.length - 1]!) ?? []) {
        if (next === b) return [...trail, b];
        if (!seen.has(next)) {
          seen.add(next);
          queue.push([...trail, next]);
        }
      }
    }
    return null;
  };
  const reported = new Set<string>();
  for (const a of [...nodes].sort()) {
    if (reported.has(a)) continue;
    const back = reach(a, a);
    if (back) {
      for (const n of back) reported.add(n);
      circles.push(back);
    }
  }
  return circles;
}

/** The repository's TypeScript files as git sees them (tracked and new, ignored ones left out). */
export function repositoryFiles(root: string): Map<string, string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx', '*.mts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = new Map<string, string>();
  for (const file of listed.split('\n').filter(Boolean)) {
    try {
      files.set(file, readFileSync(path.join(root, file), 'utf8'));
    } catch {
      // Listed by git but deleted in the working tree.
    }
  }
  return files;
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const { findings, folderEdges } = checkLayering(repositoryFiles(root));
  for (const [from, tos] of [...folderEdges].sort()) console.log(`${from} -> ${[...tos].sort().join(', ')}`);
  for (const f of findings) console.log(`${f.rule}: ${f.message}`);
  console.log(findings.length ? `${findings.length} finding(s)` : 'layering: no findings');
  process.exit(findings.length ? 1 : 0);
}
