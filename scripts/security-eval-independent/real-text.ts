/**
 * Real human-written text found on this machine, for the innocent side of the independent security
 * set and as the benign body around embedded attacks: README files of the packages in
 * node_modules, Debian documentation under /usr/share/doc (English), and the German manual pages
 * under /usr/share/man/de. Excerpts of a few paragraphs; each records the file it came from.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Rng } from '../independent-eval-random';

export interface Excerpt {
  origin: string;
  lang: 'en' | 'de';
  text: string;
}

/**
 * Excerpts that quote an attack themselves would be mislabelled as innocent; they are left out.
 * (This drops only literal attack phrases, not security vocabulary.)
 */
const QUOTES_AN_ATTACK = /ignor\w* (all )?(the )?(previous|prior|above) (instructions|prompts)|jailbreak|ignoriere (alle )?(vorherigen|bisherigen) anweisungen/i;

function read(file: string): string {
  const buf = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8');
}

/** Markdown to paragraphs of prose: code blocks, HTML, badges, tables and link lists dropped. */
function markdownParagraphs(md: string): string[] {
  const noCode = md.replace(/```[\s\S]*?```/g, '\n\n').replace(/<!--[\s\S]*?-->/g, '');
  return noCode
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .filter((l) => !/^\s*(<|\||\[!\[|!\[|\[[^\]]+\]:|---|===|```)/.test(l) && !/^( {4}|\t)/.test(l))
        .join('\n')
        .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
        .trim(),
    )
    .filter((p) => p.replace(/[^\p{L}]/gu, '').length >= 60);
}

/** Plain text documentation to paragraphs. */
function textParagraphs(txt: string): string[] {
  return txt
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]+\n/g, '\n').trim())
    .filter((p) => p.replace(/[^\p{L}]/gu, '').length >= 60 && !/^[-=*]{5,}$/m.test(p));
}

/** roff (man page source) to paragraphs of running text. */
export function roffParagraphs(src: string): string[] {
  const ESC: Record<string, string> = { aq: "'", lq: '„', rq: '“', Bq: '„', oq: '‚', cq: '‘', em: '—', en: '–', bu: '•', co: '©', ':a': 'ä', ':o': 'ö', ':u': 'ü', ':A': 'Ä', ':O': 'Ö', ':U': 'Ü', ss: 'ß', dq: '"', rs: '\\', ti: '~', ha: '^', mc: 'µ', '>=': '≥', '<=': '≤', at: '@', fo: '«', fc: '»' };
  const inline = (s: string) =>
    s
      .replace(/\\\*?\[([^\]]+)\]/g, (_, n: string) => ESC[n] ?? '')
      .replace(/\\\*?\((..)/g, (_, n: string) => ESC[n] ?? '')
      .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
      .replace(/\\s[-+]?\d/g, '')
      .replace(/\\-/g, '-')
      .replace(/\\e/g, '\\')
      .replace(/\\[&|^%c:]/g, '')
      .replace(/\\[ ~0]/g, ' ')
      .replace(/\\"/g, '')
      .replace(/\\(.)/g, '$1');
  const args = (line: string) => (line.match(/"[^"]*"|\S+/g) ?? []).slice(1).map((a) => a.replace(/^"|"$/g, ''));
  const paras: string[] = [];
  let cur: string[] = [];
  const flush = () => {
    const p = cur.join(' ').replace(/\s+/g, ' ').trim();
    if (p) paras.push(p);
    cur = [];
  };
  for (const raw of src.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (/^\.\s*\\"/.test(line) || line.startsWith("'\\\"") || line.startsWith('.\\"')) continue;
    const m = /^[.'](\S+)/.exec(line);
    if (!m) {
      if (line.trim() === '') flush();
      else cur.push(inline(line));
      continue;
    }
    const macro = m[1]!;
    if (['PP', 'LP', 'P', 'TP', 'IP', 'HP', 'sp', 'br', 'RS', 'RE', 'TQ', 'EX', 'EE', 'nf', 'fi', 'in', 'ti'].includes(macro)) {
      flush();
      if (macro === 'IP' && args(line)[0]) cur.push(inline(args(line)[0]!));
    } else if (macro === 'SH' || macro === 'SS') {
      flush();
      paras.push(inline(args(line).join(' ')));
    } else if (['B', 'I', 'SM', 'SB'].includes(macro)) cur.push(inline(args(line).join(' ')));
    else if (['BR', 'RB', 'BI', 'IB', 'IR', 'RI'].includes(macro)) cur.push(inline(args(line).join('')));
    else if (['UR', 'MT'].includes(macro)) cur.push(inline(args(line).join(' ')));
    // Every other request (.TH, .de, .if, .nh, .ad, .ds, .nr, .so, .UE, ...) carries no prose.
  }
  flush();
  return paras.filter((p) => p.replace(/[^\p{L}]/gu, '').length >= 50);
}

/** A run of consecutive paragraphs of 250 to about 1,400 characters, starting at a drawn paragraph. */
function window(paras: string[], rng: Rng): string | null {
  if (!paras.length) return null;
  const start = rng.int(0, Math.max(0, paras.length - 1));
  let text = '';
  for (let i = start; i < paras.length && text.length < 250; i++) {
    const next = text ? `${text}\n\n${paras[i]}` : paras[i]!;
    if (next.length > 1400 && text) break;
    text = next.length > 1400 ? next.slice(0, next.lastIndexOf('. ', 1400) + 1 || 1400) : next;
  }
  return text.length >= 200 ? text : null;
}

function listFiles(dir: string, accept: (path: string) => boolean, depth = 2): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory() && depth > 0) out.push(...listFiles(p, accept, depth - 1));
    else if (st.isFile() && accept(p)) out.push(p);
  }
  return out;
}

function excerpts(files: string[], lang: 'en' | 'de', n: number, rng: Rng, parse: (s: string) => string[], originOf: (f: string) => string): Excerpt[] {
  const out: Excerpt[] = [];
  const pool = rng.shuffle(files);
  // At most two excerpts from one file, so no single document dominates.
  for (let round = 0; round < 2 && out.length < n; round++) {
    for (const f of pool) {
      if (out.length >= n) break;
      let text: string | null = null;
      try {
        text = window(parse(read(f)), rng);
      } catch {
        text = null;
      }
      if (!text || QUOTES_AN_ATTACK.test(text)) continue;
      if (lang === 'en' && /[äöüß]/.test(text) && /\b(und|der|die|das|nicht)\b/.test(text)) continue;
      const origin = originOf(f);
      if (out.some((e) => e.text === text)) continue;
      out.push({ origin, lang, text });
    }
  }
  return out;
}

export function readmeExcerpts(nodeModules: string, n: number, rng: Rng): Excerpt[] {
  const files = listFiles(nodeModules, (p) => /\/README(\.md|\.markdown)?$/i.test(p) && !p.includes('/node_modules/', nodeModules.length), 2);
  return excerpts(files, 'en', n, rng, markdownParagraphs, (f) => `node_modules/${relative(nodeModules, f)}`);
}

export function debianDocExcerpts(n: number, rng: Rng): Excerpt[] {
  const files = listFiles('/usr/share/doc', (p) => /\/(README[^/]*|NEWS[^/]*|[^/]+\.txt(\.gz)?|[^/]+\.md(\.gz)?)$/i.test(p) && !/changelog|copyright/i.test(p), 2);
  return excerpts(files, 'en', n, rng, (s) => (/^#|\n#+ /.test(s) ? markdownParagraphs(s) : textParagraphs(s)), (f) => f);
}

export function germanManExcerpts(n: number, rng: Rng): Excerpt[] {
  const files = listFiles('/usr/share/man/de', (p) => /\.\d\w*(\.gz)?$/.test(p), 2);
  return excerpts(files, 'de', n, rng, roffParagraphs, (f) => f);
}
