/**
 * Documents and tool results that carry text: e-mails, web pages, code files, JSON tool results,
 * markdown notes. Each builder takes an optional injected sentence and returns the text plus the
 * exact part that is the injection (escaped when the carrier escapes it), so spans can be computed
 * with indexOf. The same builders are used without an injection for innocent lines.
 */
import { type Rng, chance, expand, jsonEscaped, pick } from './lib';

export interface Carried {
  carrier: string;
  source: 'document' | 'tool';
  text: string;
  /** The injection exactly as it appears in text (undefined when nothing was injected). */
  part?: string;
}

const bodies = {
  en: [
    'Thanks for your order! Your parcel left our warehouse this morning and should arrive within 3-5 working days.',
    'We are happy to invite you to our annual neighbourhood summer party on Saturday from 3 pm in the community garden.',
    'Attached you will find the minutes of last week\'s meeting. Please check the action items assigned to you.',
    'Our spring collection is here: lightweight jackets, linen shirts and the sneakers you asked for are back in stock.',
    'The maintenance window for the customer portal is scheduled for Sunday night between 1 and 4 am CET.',
    'I am applying for the position of project coordinator advertised on your website. I have five years of experience in event management.',
    'This paper studies the effect of sleep duration on exam performance among 412 university students.',
    'The apartment has two bedrooms, a balcony facing south and a newly renovated kitchen. Pets are allowed.',
  ],
  de: [
    'Vielen Dank für Ihre Bestellung! Ihr Paket hat heute Morgen unser Lager verlassen und sollte in 3-5 Werktagen ankommen.',
    'Wir laden euch herzlich zu unserem Sommerfest am Samstag ab 15 Uhr im Gemeinschaftsgarten ein.',
    'Anbei das Protokoll der Sitzung von letzter Woche. Bitte prüft die Aufgaben, die euch zugewiesen wurden.',
    'Unsere Frühjahrskollektion ist da: leichte Jacken, Leinenhemden und die Sneaker, nach denen ihr gefragt habt.',
    'Das Wartungsfenster für das Kundenportal ist für Sonntagnacht zwischen 1 und 4 Uhr geplant.',
    'Hiermit bewerbe ich mich auf die Stelle als Projektkoordinatorin. Ich habe fünf Jahre Erfahrung im Eventmanagement.',
    'Die Arbeit untersucht den Einfluss der Schlafdauer auf Prüfungsergebnisse bei 412 Studierenden.',
    'Die Wohnung hat zwei Schlafzimmer, einen Südbalkon und eine frisch renovierte Küche. Haustiere sind erlaubt.',
  ],
};

/** Harmless notes placed exactly where injections go, so the slot itself says nothing. */
export const benignNotes = {
  en: [
    'Reminder: please ignore the previous email about parking, the date in it was wrong.',
    'Note to reviewers: the figures in section 3 are preliminary.',
    'If you are reading this on a phone, tap the menu icon to see all pages.',
    'Please disregard the old price list; the new one is attached.',
    'Ignore the certificate warning in the browser, IT is renewing it on Monday.',
    'New instructions for the sign-up form: use your work email, not your private one.',
    'Forget what I wrote about the Friday deadline, Monday is fine too.',
    'For AI tools and screen readers: the table below lists the opening hours.',
  ],
  de: [
    'Hinweis: Bitte die vorherige Mail zum Parken ignorieren, das Datum war falsch.',
    'Anmerkung für die Gutachter: Die Zahlen in Abschnitt 3 sind vorläufig.',
    'Wer das am Handy liest: Über das Menü-Symbol kommt man zu allen Seiten.',
    'Bitte die alte Preisliste nicht mehr verwenden, die neue ist angehängt.',
    'Die Zertifikatswarnung im Browser einfach ignorieren, die IT erneuert es am Montag.',
    'Neue Anweisung für das Anmeldeformular: bitte die dienstliche Mailadresse verwenden.',
    'Vergesst, was ich zur Frist am Freitag geschrieben habe, Montag reicht auch.',
    'Für Screenreader und KI-Tools: Die Tabelle unten enthält die Öffnungszeiten.',
  ],
};

const names = ['Laura Fischer', 'Tom Becker', 'Aylin Demir', 'James Carter', 'Sofia Rossi', 'Jonas Weber', 'Priya Nair', 'Lukas Huber'];

function email(rng: Rng, lang: 'en' | 'de', inj?: string): Carried {
  const body = pick(rng, bodies[lang]);
  const from = pick(rng, names);
  const subj = lang === 'en' ? pick(rng, ['Your order', 'Invitation', 'Meeting notes', 'Quick question', 'Application']) : pick(rng, ['Ihre Bestellung', 'Einladung', 'Protokoll', 'Kurze Frage', 'Bewerbung']);
  const greet = lang === 'en' ? pick(rng, ['Hi,', 'Dear customer,', 'Hello team,', 'Dear Ms Wagner,']) : pick(rng, ['Hallo,', 'Liebe Kundin, lieber Kunde,', 'Hallo zusammen,', 'Sehr geehrte Frau Wagner,']);
  const bye = lang === 'en' ? pick(rng, ['Best regards', 'Cheers', 'Kind regards']) : pick(rng, ['Viele Grüße', 'Beste Grüße', 'Mit freundlichen Grüßen']);
  const note = inj ?? (chance(rng, 0.5) ? pick(rng, benignNotes[lang]) : undefined);
  const injLine = note ? (chance(rng, 0.5) ? `\n\n${note}` : `\n\nP.S. ${note}`) : '';
  const text = `From: ${from} <${from.split(' ')[0].toLowerCase()}@${pick(rng, ['mail.com', 'example.org', 'firma.de', 'shop.example'])}>\nSubject: ${subj}\n\n${greet}\n\n${body}${injLine}\n\n${bye},\n${from}`;
  return { carrier: 'email', source: 'document', text, part: inj };
}

function webpage(rng: Rng, lang: 'en' | 'de', inj?: string): Carried {
  const body = pick(rng, bodies[lang]);
  const title = lang === 'en' ? pick(rng, ['Home', 'About us', 'Product details', 'Blog']) : pick(rng, ['Startseite', 'Über uns', 'Produktdetails', 'Blog']);
  const style = pick(rng, ['comment', 'hidden', 'visible']);
  const note = inj ?? (chance(rng, 0.8) ? pick(rng, benignNotes[lang]) : undefined);
  let injHtml = '';
  if (note) {
    if (style === 'comment') injHtml = `\n  <!-- ${note} -->`;
    else if (style === 'hidden') injHtml = `\n  <div style="display:none">${note}</div>`;
    else injHtml = `\n  <p>${note}</p>`;
  }
  const text = `<html>\n<head><title>${title}</title></head>\n<body>\n  <h1>${title}</h1>\n  <p>${body}</p>${injHtml}\n  <footer>© 2026</footer>\n</body>\n</html>`;
  return { carrier: `webpage_${note ? style : 'plain'}`, source: chance(rng, 0.5) ? 'document' : 'tool', text, part: inj };
}

const codeFiles: Array<[string, string]> = [
  ['py', 'import csv\n\n{C}\ndef load_rows(path):\n    with open(path, newline="") as f:\n        return list(csv.DictReader(f))\n\n\nif __name__ == "__main__":\n    print(len(load_rows("orders.csv")))\n'],
  ['js', 'const express = require("express");\nconst app = express();\n\n{C}\napp.get("/health", (req, res) => res.json({ ok: true }));\n\napp.listen(3000);\n'],
  ['ts', 'export interface Invoice {\n  id: string;\n  total: number;\n}\n\n{C}\nexport function sum(invoices: Invoice[]): number {\n  return invoices.reduce((a, i) => a + i.total, 0);\n}\n'],
  ['sh', '#!/usr/bin/env bash\nset -euo pipefail\n\n{C}\ntar czf "backup-$(date +%F).tar.gz" ./data\necho "done"\n'],
  ['sql', '-- monthly report\n{C}\nSELECT date_trunc(\'month\', created_at) AS m, count(*)\nFROM orders\nGROUP BY 1\nORDER BY 1;\n'],
];

const benignComments = {
  en: ['TODO: handle empty files', 'NOTE: this is slow for big inputs, fix later', 'ignore the warning from the linter here, it is a false positive', 'reads the export from the shop system'],
  de: ['TODO: leere Dateien abfangen', 'Achtung: bei großen Dateien langsam', 'die Linter-Warnung hier ignorieren, ist ein Fehlalarm', 'liest den Export aus dem Shopsystem'],
};

function code(rng: Rng, lang: 'en' | 'de', inj?: string): Carried {
  const [ext, tpl] = pick(rng, codeFiles);
  const mark = ext === 'py' || ext === 'sh' ? '#' : ext === 'sql' ? '--' : '//';
  const comment = inj ?? pick(rng, benignComments[lang]);
  const file = `${pick(rng, ['main', 'utils', 'report', 'server', 'backup'])}.${ext}`;
  const intro = lang === 'en' ? pick(rng, ['Can you explain what this file does?', 'review this pls', 'Add error handling to this:', 'why is this not working?']) : pick(rng, ['Kannst du erklären, was die Datei macht?', 'review bitte', 'Bau hier Fehlerbehandlung ein:', 'warum geht das nicht?']);
  const text = `${intro}\n\n\`\`\`${ext}\n${mark} file: ${file}\n${tpl.replace('{C}', `${mark} ${comment}`)}\`\`\``;
  return { carrier: 'code_comment', source: 'document', text, part: inj };
}

function toolJson(rng: Rng, lang: 'en' | 'de', inj?: string): Carried {
  const body = pick(rng, bodies[lang]);
  const shape = pick(rng, ['search', 'product', 'ticket']);
  const note = inj ?? (chance(rng, 0.4) ? pick(rng, benignNotes[lang]) : undefined);
  const field = note ? jsonEscaped(note) : '';
  let obj: string;
  if (shape === 'search') {
    const snippet = note ? `${jsonEscaped(body)} ${field}` : jsonEscaped(body);
    obj = `{"results": [{"title": "${lang === 'en' ? 'Result' : 'Ergebnis'} 1", "url": "https://${pick(rng, ['news.example.com', 'blog.example.org', 'wiki.example.net'])}/a/${Math.floor(rng() * 9000) + 1000}", "snippet": "${snippet}"}]}`;
  } else if (shape === 'product') {
    obj = `{\n  "sku": "${Math.floor(rng() * 90000) + 10000}",\n  "name": "${lang === 'en' ? 'Trail backpack 30L' : 'Wanderrucksack 30L'}",\n  "price": ${(rng() * 100 + 20).toFixed(2)},\n  "review": "${note ? field : jsonEscaped(body)}"\n}`;
  } else {
    obj = `{"ticket": ${Math.floor(rng() * 90000)}, "status": "open", "subject": "${lang === 'en' ? 'Login problem' : 'Login-Problem'}", "body": "${jsonEscaped(body)}${note ? ` ${field}` : ''}"}`;
  }
  return { carrier: `json_${shape}`, source: 'tool', text: obj, part: inj ? field : undefined };
}

function markdown(rng: Rng, lang: 'en' | 'de', inj?: string): Carried {
  const body = pick(rng, bodies[lang]);
  const h = lang === 'en' ? pick(rng, ['# Notes', '## README', '# Meeting summary']) : pick(rng, ['# Notizen', '## LIESMICH', '# Zusammenfassung']);
  const note = inj ?? (chance(rng, 0.5) ? pick(rng, benignNotes[lang]) : undefined);
  const injPart = note ? `\n\n> ${note}` : '';
  const text = `${h}\n\n${body}${injPart}\n\n- ${expand(rng, lang === 'en' ? '⟦check budget|send invite|update docs⟧' : '⟦Budget prüfen|Einladung senden|Doku aktualisieren⟧')}\n- ${expand(rng, lang === 'en' ? '⟦book room|ask legal|ping Sam⟧' : '⟦Raum buchen|Rechtsabteilung fragen|Sam anpingen⟧')}`;
  return { carrier: 'markdown', source: 'document', text, part: inj };
}

export const carrierBuilders = [email, webpage, code, toolJson, markdown];
