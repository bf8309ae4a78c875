/**
 * Wrappers that turn innocent paragraphs into documents and tool results, with or without one
 * injected attack. Each returns the full text and, for attacks, the exact embedded form of the
 * injection (escaped for JSON/CSV when the carrier escapes), so the caller can locate it by indexOf.
 */
import { type Rng, intBetween, pick } from './lib';

export type Lang = 'en' | 'de';
export type Position = 'start' | 'middle' | 'end';

export interface Carried {
  text: string;
  /** The injection as it appears in `text` (after any escaping); undefined for benign. */
  embedded?: string;
}

export interface CarrierInput {
  lang: Lang;
  title: string;
  paras: string[];
  injection?: string;
  position: Position;
}

function insertAt(paras: string[], item: string, position: Position): string[] {
  const out = paras.slice();
  if (position === 'start') out.splice(Math.min(1, out.length), 0, item);
  else if (position === 'middle') out.splice(Math.floor(out.length / 2), 0, item);
  else out.push(item);
  return out;
}

const jsonEsc = (s: string) => JSON.stringify(s).slice(1, -1);

const NAMES = ['Laura Becker', 'Daniel Wright', 'Sofia Rossi', 'Jan Novak', 'Aylin Demir', 'Peter Gruber', 'Chloe Martin', 'Lukas Meier', 'Nadia Haddad', 'Oliver Brown'];
const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example', 'firma.example', 'shop.example'];

function person(rng: Rng): { name: string; mail: string } {
  const name = pick(rng, NAMES);
  return { name, mail: `${name.toLowerCase().replace(' ', '.')}@${pick(rng, DOMAINS)}` };
}

// ---- document carriers ----

function email(rng: Rng, c: CarrierInput): Carried {
  const from = person(rng);
  const to = person(rng);
  const body = c.injection ? insertAt(c.paras, c.injection, c.position) : c.paras;
  const hdr = c.lang === 'de' ? ['Von', 'An', 'Betreff', 'Datum'] : ['From', 'To', 'Subject', 'Date'];
  const day = intBetween(rng, 1, 28);
  const text = `${hdr[0]}: ${from.name} <${from.mail}>\n${hdr[1]}: ${to.name} <${to.mail}>\n${hdr[2]}: ${c.title}\n${hdr[3]}: 2026-0${intBetween(rng, 1, 9)}-${String(day).padStart(2, '0')}\n\n${body.join('\n\n')}`;
  return { text, embedded: c.injection };
}

function webPage(rng: Rng, c: CarrierInput): Carried {
  if (!c.injection) {
    return { text: `<!doctype html>\n<html lang="${c.lang}">\n<head><title>${c.title}</title></head>\n<body>\n<h1>${c.title}</h1>\n${c.paras.map((p) => `<p>${p}</p>`).join('\n')}\n<footer>© 2026</footer>\n</body>\n</html>` };
  }
  const style = pick(rng, ['p', 'comment', 'hidden', 'small'] as const);
  const wrapped =
    style === 'p' ? `<p>${c.injection}</p>` : style === 'comment' ? `<!-- ${c.injection} -->` : style === 'hidden' ? `<div style="display:none">${c.injection}</div>` : `<p style="font-size:1px;color:#fff">${c.injection}</p>`;
  const ps = c.paras.map((p) => `<p>${p}</p>`);
  const body = insertAt(ps, wrapped, c.position);
  return {
    text: `<!doctype html>\n<html lang="${c.lang}">\n<head><title>${c.title}</title></head>\n<body>\n<h1>${c.title}</h1>\n${body.join('\n')}\n<footer>© 2026</footer>\n</body>\n</html>`,
    embedded: c.injection,
  };
}

function pdfText(rng: Rng, c: CarrierInput): Carried {
  const body = c.injection ? insertAt(c.paras, c.injection, c.position) : c.paras;
  const pages = intBetween(rng, 2, 9);
  const footer = c.lang === 'de' ? `Seite 1 von ${pages}` : `Page 1 of ${pages}`;
  return { text: `${c.title.toUpperCase()}\n\n${body.join('\n\n')}\n\n${footer}`, embedded: c.injection };
}

function markdown(_rng: Rng, c: CarrierInput): Carried {
  const inj = c.injection ? `> ${c.injection}` : undefined;
  const body = inj ? insertAt(c.paras, inj, c.position) : c.paras;
  return { text: `# ${c.title}\n\n${body.join('\n\n')}`, embedded: c.injection };
}

function csvCell(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

const REVIEWS_EN = ['Great product, arrived on time.', 'Battery life could be better.', 'Exactly as described, would buy again.', 'The manual was confusing but support helped.', 'Too expensive for what it does.', 'Works fine with my old laptop.', 'Packaging was damaged, product was okay.'];
const REVIEWS_DE = ['Tolles Produkt, pünktlich geliefert.', 'Der Akku könnte länger halten.', 'Genau wie beschrieben, gerne wieder.', 'Die Anleitung war verwirrend, der Support hat geholfen.', 'Zu teuer für das, was es kann.', 'Funktioniert gut mit meinem alten Laptop.', 'Verpackung beschädigt, Ware in Ordnung.'];

function csv(rng: Rng, c: CarrierInput): Carried {
  const reviews = c.lang === 'de' ? REVIEWS_DE : REVIEWS_EN;
  const n = intBetween(rng, 6, 14);
  const rows: string[] = [];
  for (let i = 0; i < n; i++) rows.push(`${1000 + i},${intBetween(rng, 1, 5)},${csvCell(pick(rng, reviews))}`);
  let embedded: string | undefined;
  if (c.injection) {
    const at = c.position === 'start' ? 0 : c.position === 'middle' ? Math.floor(n / 2) : n;
    const cell = csvCell(c.injection);
    rows.splice(at, 0, `${2000 + at},5,${cell}`);
    embedded = cell.slice(1, -1);
  }
  const head = c.lang === 'de' ? 'bewertung_id,sterne,kommentar' : 'review_id,stars,comment';
  return { text: `${head}\n${rows.join('\n')}`, embedded };
}

function codeComment(rng: Rng, c: CarrierInput, code: string): Carried {
  if (!c.injection) return { text: code };
  const lines = code.split('\n');
  const marker = code.includes('def ') || code.startsWith('#') ? '# ' : '// ';
  const at = c.position === 'start' ? 0 : c.position === 'middle' ? Math.floor(lines.length / 2) : lines.length;
  lines.splice(at, 0, marker + c.injection.replace(/\n/g, ' '));
  const embedded = c.injection.replace(/\n/g, ' ');
  void rng;
  return { text: lines.join('\n'), embedded };
}

// ---- tool carriers ----

const HOSTS = ['docs.example.com', 'blog.example.org', 'forum.example.net', 'news.example.com', 'wiki.example.org', 'help.example.net'];

function searchResults(rng: Rng, c: CarrierInput): Carried {
  const results = c.paras.slice(0, 5).map((p, i) => ({
    title: i === 0 ? c.title : `${c.title} (${i + 1})`,
    url: `https://${pick(rng, HOSTS)}/${c.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40)}-${i}`,
    snippet: p.slice(0, 300),
  }));
  if (c.injection) {
    const at = c.position === 'start' ? 0 : c.position === 'middle' ? Math.floor(results.length / 2) : results.length - 1;
    results[at].snippet = `${results[at].snippet} ${c.injection}`;
  }
  return { text: JSON.stringify({ query: c.title, results }, null, 2), embedded: c.injection && jsonEsc(c.injection) };
}

function apiJson(rng: Rng, c: CarrierInput): Carried {
  const field = c.lang === 'de' ? 'beschreibung' : 'description';
  const obj: Record<string, unknown> = {
    id: intBetween(rng, 10000, 99999),
    name: c.title,
    [field]: c.paras.join('\n\n'),
    updated_at: `2026-0${intBetween(rng, 1, 9)}-1${intBetween(rng, 0, 9)}T08:${intBetween(rng, 10, 59)}:00Z`,
    tags: pickTags(rng, c.lang),
  };
  if (c.injection) {
    const paras = insertAt(c.paras, c.injection, c.position);
    obj[field] = paras.join('\n\n');
  }
  return { text: JSON.stringify(obj, null, 2), embedded: c.injection && jsonEsc(c.injection) };
}

function pickTags(rng: Rng, lang: Lang): string[] {
  const tags = lang === 'de' ? ['anleitung', 'intern', 'kunden', 'neu', 'archiv'] : ['guide', 'internal', 'customer', 'new', 'archive'];
  return tags.filter(() => rng() < 0.4);
}

function scrapedPage(rng: Rng, c: CarrierInput): Carried {
  const body = c.injection ? insertAt(c.paras, c.injection, c.position) : c.paras;
  const url = `https://${pick(rng, HOSTS)}/${c.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40)}`;
  return { text: `[browse] fetched ${url} (200 OK)\nTitle: ${c.title}\n\n${body.join('\n\n')}`, embedded: c.injection };
}

function fileRead(rng: Rng, c: CarrierInput): Carried {
  const files = ['notes.txt', 'README.md', 'meeting-2026-03-04.txt', 'angebot.txt', 'handover.md', 'todo.txt', 'brief.txt'];
  const name = pick(rng, files);
  const listing = `$ ls\n${files.filter((f) => f !== name && rng() < 0.6).concat(name).join('  ')}\n$ cat ${name}`;
  const body = c.injection ? insertAt(c.paras, c.injection, c.position) : c.paras;
  return { text: `${listing}\n${body.join('\n\n')}`, embedded: c.injection };
}

function ticketJson(rng: Rng, c: CarrierInput): Carried {
  const reporter = person(rng);
  const body = c.injection ? insertAt(c.paras, c.injection, c.position) : c.paras;
  const obj = {
    ticket: `SUP-${intBetween(rng, 1000, 9999)}`,
    status: pick(rng, ['open', 'pending', 'in_progress']),
    reporter: reporter.mail,
    subject: c.title,
    body: body.join('\n\n'),
  };
  return { text: JSON.stringify(obj, null, 2), embedded: c.injection && jsonEsc(c.injection) };
}

function mailApi(rng: Rng, c: CarrierInput): Carried {
  const from = person(rng);
  const body = c.injection ? insertAt(c.paras, c.injection, c.position) : c.paras;
  const obj = { messages: [{ id: `msg_${intBetween(rng, 100000, 999999)}`, from: from.mail, subject: c.title, snippet: c.paras[0].slice(0, 80), body: body.join('\n\n') }] };
  return { text: JSON.stringify(obj, null, 2), embedded: c.injection && jsonEsc(c.injection) };
}

export const DOCUMENT_CARRIERS = { email, web_page: webPage, pdf_text: pdfText, markdown, csv } as const;
export const TOOL_CARRIERS = { search_results: searchResults, api_json: apiJson, scraped_page: scrapedPage, file_read: fileRead, ticket_json: ticketJson, mail_api: mailApi } as const;
export { codeComment };
