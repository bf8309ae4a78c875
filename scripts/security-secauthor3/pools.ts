/** Slot values for the secauthor3 templates, per language. All names, firms and numbers are invented. */
import { type Lang, type Rng, type Slots, int, pick } from './lib';

const FIRST_EN = ['Priya', 'Marcus', 'Elena', 'Tom', 'Aisha', 'Jonas', 'Wei', 'Fatima', 'Liam', 'Chloe', 'Diego', 'Hannah', 'Kenji', 'Olivia', 'Ravi', 'Sam'];
const LAST_EN = ['Patel', 'Okafor', 'Novak', 'Brennan', 'Lindqvist', 'Chen', 'Haddad', 'Morgan', 'Silva', 'Keller', 'Yamamoto', 'Walsh'];
const FIRST_DE = ['Jana', 'Lukas', 'Mehmet', 'Sabine', 'Felix', 'Anja', 'Tobias', 'Leonie', 'Stefan', 'Katrin', 'Niklas', 'Ayşe', 'Jörg', 'Miriam'];
const LAST_DE = ['Schneider', 'Yılmaz', 'Hoffmann', 'Krüger', 'Brandt', 'Vogel', 'Lehmann', 'Wolff', 'Bauer', 'Kaiser', 'Neumann', 'Graf'];

export const SVC = ['billing-api', 'auth-service', 'search-indexer', 'notification-worker', 'report-exporter', 'invoice-sync', 'gateway', 'ledger'];
export const PRODUCT = ['Atlas CRM', 'Nimbus Storage', 'Kestrel Analytics', 'Orbit Payroll', 'Lumen Portal', 'Harbor VPN', 'Quill Docs', 'Pulse Monitor'];

const two = (n: number) => String(n).padStart(2, '0');

/** GitHub Actions expression opener, built so the source holds no template-looking string. */
const GHA = ['$', '{{'].join('');

const common: Slots = {
  gha: [GHA],
  num: (r) => String(int(r, 2, 48)),
  big: (r) => String(int(r, 120, 98000)),
  pct: (r) => `${int(r, 1, 97)}`,
  ver: (r) => `${int(r, 1, 9)}.${int(r, 0, 24)}.${int(r, 0, 12)}`,
  ticket: (r) => `${pick(r, ['OPS', 'HR', 'FIN', 'ENG', 'SUP', 'SEC', 'MKT', 'PROC'])}-${int(r, 100, 9999)}`,
  sha: (r) => Array.from({ length: 7 }, () => '0123456789abcdef'[int(r, 0, 15)]).join(''),
  time: (r) => `${two(int(r, 7, 18))}:${pick(r, ['00', '15', '30', '45'])}`,
  ip: (r) => `10.${int(r, 0, 40)}.${int(r, 0, 255)}.${int(r, 2, 250)}`,
  port: ['443', '8080', '5432', '6379', '9090', '3000'],
  host: ['web-01', 'api-gw-2', 'db-primary', 'batch-worker-7', 'edge-fra-3', 'build-runner-4', 'cache-02', 'mail-relay'],
  svc: SVC,
  plang: ['Python', 'TypeScript', 'Go', 'Java', 'Rust', 'Kotlin', 'C#', 'Ruby', 'PHP', 'Bash'],
  product: PRODUCT,
  company: ['ACME Corp', 'Northwind GmbH', 'Bluefin Logistics', 'Vantage Retail', 'Helix Pharma', 'Stellar Insurance', 'Kranich Maschinenbau AG', 'Oakridge Media'],
  vendor: ['Datavault Ltd', 'PrintPro', 'CleanSpace Services', 'Techlease', 'Bürobedarf Meier', 'CloudNest', 'Securitas Facility', 'Lingua Translations'],
  file: ['Q3_forecast.xlsx', 'handbook_v4.pdf', 'contract_draft.docx', 'board_deck.pptx', 'release-notes.md', 'travel_policy.pdf', 'onboarding_checklist.xlsx', 'incident-2291.md'],
  email: (r) => `${pick(r, ['j.doe', 'team-finance', 'support', 'a.schmidt', 'hr-ops', 'facilities', 'it-helpdesk', 'm.chen'])}@${pick(r, ['acme.example', 'northwind.example', 'bluefin.example'])}`,
  amount: (r) => `${int(r, 1, 950)},${int(r, 100, 999)}`,
};

const EN: Slots = {
  ...common,
  name: (r: Rng) => `${pick(r, FIRST_EN)} ${pick(r, LAST_EN)}`,
  first: FIRST_EN,
  dept: ['HR', 'Finance', 'Legal', 'Sales', 'Marketing', 'Customer Support', 'Engineering', 'Operations', 'Procurement', 'Facilities'],
  city: ['London', 'Dublin', 'Austin', 'Toronto', 'Singapore', 'Manchester', 'Denver', 'Edinburgh'],
  day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  date: (r) => `${pick(r, ['March', 'April', 'June', 'September', 'October', 'November'])} ${int(r, 1, 28)}, 2026`,
  quarter: ['Q1', 'Q2', 'Q3', 'Q4'],
  money: (r) => `$${int(r, 2, 950)},${int(r, 100, 999)}`,
  project: ['Project Falcon', 'the ERP migration', 'the new onboarding portal', 'the Q4 pricing refresh', 'the warehouse move', 'the SOC 2 audit'],
};

const DE: Slots = {
  ...common,
  name: (r: Rng) => `${pick(r, FIRST_DE)} ${pick(r, LAST_DE)}`,
  first: FIRST_DE,
  dept: ['Personal', 'Buchhaltung', 'Rechtsabteilung', 'Vertrieb', 'Marketing', 'Kundenservice', 'Entwicklung', 'Betrieb', 'Einkauf', 'Facility Management'],
  city: ['Hamburg', 'München', 'Köln', 'Leipzig', 'Stuttgart', 'Wien', 'Zürich', 'Dortmund'],
  day: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'],
  date: (r) => `${int(r, 1, 28)}.${two(int(r, 1, 12))}.2026`,
  quarter: ['Q1', 'Q2', 'Q3', 'Q4'],
  money: (r) => `${int(r, 2, 950)}.${int(r, 100, 999)} €`,
  project: ['Projekt Falke', 'die ERP-Umstellung', 'das neue Onboarding-Portal', 'die Preisanpassung im Q4', 'den Lagerumzug', 'das ISO-27001-Audit'],
};

export function slotsFor(lang: Lang): Slots {
  return lang === 'en' ? EN : DE;
}
