/**
 * The helpers templates call: each returns a labelled value (Ent) of one entity type, drawn from
 * values.ts, so a template reads like the text it writes.
 */
import type { CountryCode } from 'libphonenumber-js/max';
import type { Rng } from '../independent-eval-random';
import { type Addr, type Ent, ent } from './doc';
import * as v from './values';

export class Gen {
  constructor(
    readonly rng: Rng,
    readonly lang: v.Lang,
  ) {}

  person(): v.Person {
    return v.person(this.rng, this.lang);
  }

  /** The person's name as a PERSON value; the style is drawn unless given. */
  name(p: v.Person, style?: v.NameStyle): Ent {
    const s = style ?? this.rng.weighted<v.NameStyle>([['full', 12], ['middle_initial', 2], ['initials', 1], ['first_initial', 1], ['last_first', 1]]);
    return ent('PERSON', v.nameAs(p, s, this.rng));
  }

  /** A new person's full name (the common case). */
  someone(style?: v.NameStyle): Ent {
    return this.name(this.person(), style);
  }

  first(p: v.Person): Ent {
    return ent('PERSON', v.nameAs(p, 'first_only', this.rng));
  }

  last(p: v.Person): Ent {
    return ent('PERSON', v.nameAs(p, 'last_only', this.rng));
  }

  title(p: v.Person, dative = false): string {
    return this.lang === 'en' ? v.titleEn(p, this.rng) : v.titleDe(p, this.rng, dative);
  }

  org(): { ent: Ent; name: string; domain: string } {
    const name = v.organisation(this.rng, this.lang);
    return { ent: ent('ORGANIZATION', name), name, domain: v.domainOf(name) };
  }

  email(p?: v.Person, domain?: string): Ent {
    return ent('EMAIL_ADDRESS', v.email(this.rng, this.lang, p, domain));
  }

  url(domain: string): Ent {
    return ent('URL', v.url(this.rng, domain));
  }

  phone(cc?: CountryCode): Ent {
    return ent('PHONE_NUMBER', v.phone(this.rng, this.lang, cc));
  }

  address(opts: Parameters<typeof v.address>[2] = {}): Addr {
    return v.address(this.rng, this.lang, opts);
  }

  city(): Ent {
    return ent('LOCATION', v.city(this.rng, this.lang));
  }

  region(): Ent {
    return ent('LOCATION', v.region(this.rng, this.lang));
  }

  country(): Ent {
    return ent('LOCATION', v.country(this.rng, this.lang));
  }

  /** A city, a region or a country. */
  place(): Ent {
    return this.rng.weighted([[this.city(), 6], [this.region(), 1], [this.country(), 2]] as const);
  }

  dob(): Ent {
    return ent('DATE_OF_BIRTH', v.dateOfBirth(this.rng, this.lang));
  }

  /** An ordinary date: written as plain text, never labelled. */
  date(): string {
    return v.otherDate(this.rng, this.lang);
  }

  card(): Ent {
    return ent('CREDIT_CARD', v.creditCard(this.rng));
  }

  iban(): Ent {
    return ent('IBAN', v.iban(this.rng, this.lang));
  }

  ssn(): Ent {
    return ent('US_SSN', v.usSsn(this.rng));
  }

  taxId(kind?: 'de_id' | 'de_number' | 'ein' | 'itin' | 'utr'): Ent {
    const k = kind ?? (this.lang === 'de' ? this.rng.pick(['de_id', 'de_id', 'de_number'] as const) : this.rng.pick(['ein', 'itin', 'utr'] as const));
    const value = { de_id: v.germanTaxId, de_number: v.germanTaxNumber, ein: v.usEin, itin: v.usItin, utr: v.ukUtr }[k](this.rng);
    return ent('TAX_ID', value);
  }

  bankAccount(): Ent {
    return ent('US_BANK_NUMBER', v.usBankAccount(this.rng));
  }

  medicalLicense(p: v.Person, kind?: 'dea' | 'state' | 'gmc' | 'lanr'): Ent {
    const k = kind ?? (this.lang === 'de' ? 'lanr' : this.rng.pick(['dea', 'dea', 'state', 'gmc'] as const));
    const value = k === 'dea' ? v.deaNumber(this.rng, p.last) : k === 'state' ? v.stateMedicalLicense(this.rng) : k === 'gmc' ? v.gmcNumber(this.rng) : v.lanr(this.rng);
    return ent('MEDICAL_LICENSE', value);
  }

  nrp(kind: 'nationality' | 'religion' | 'political'): Ent {
    if (this.lang === 'de') return ent('NRP', this.rng.pick(kind === 'religion' ? v.NRP_DE.religion : v.NRP_DE.nationality));
    return ent('NRP', this.rng.pick(v.NRP_EN[kind]));
  }

  ip(): Ent {
    return ent('IP_ADDRESS', this.rng.chance(0.8) ? v.ipv4(this.rng) : v.ipv6(this.rng));
  }

  apiKey(): Ent {
    return ent('API_KEY', v.apiKey(this.rng));
  }

  password(): Ent {
    return ent('PASSWORD', v.password(this.rng));
  }

  connectionString(): Ent {
    return ent('CONNECTION_STRING', v.connectionString(this.rng));
  }

  pick<T>(xs: readonly T[]): T {
    return this.rng.pick(xs);
  }

  chance(p: number): boolean {
    return this.rng.chance(p);
  }

  int(lo: number, hi: number): number {
    return this.rng.int(lo, hi);
  }
}
