import { createHmac } from 'node:crypto';
import { codePrefix } from '../pii';

/**
 * The short code every handoff stand-in carries: `Lena Vogt [PER-7K2QM9X]`.
 *
 * - `PER` is the entity type's code letters (domain/pii codePrefix; `CUS` for custom labels), so a
 *   restore can name the type of a value even when its handoff is gone.
 * - Six Crockford base32 characters (30 bits) derived from the scope generation's secret and the
 *   value's fingerprint: the same value in the same scope generation has the same code in every
 *   handoff, and no one without the secret can tell which value a code stands for.
 * - A seventh, check character: a weighted sum mod 32 with odd weights, so any one mistyped
 *   character (and most swaps) is caught. A code with a wrong check is "unrecognised"; one with a
 *   right check that no live handoff of the caller knows is "expired or deleted".
 *
 * Only ASCII brackets, letters, digits and one dash: chat assistants copy it faithfully, and it
 * collides with neither Markdown tables nor CSV.
 */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BODY_LENGTH = 6;
const WEIGHTS = [1, 3, 5, 7, 9, 11];

/** Loose form: what an assistant may make of a code (case, spaces around the dash, O for 0, I/L for 1). */
export const LOOSE_CODE_RE = /\[\s*([A-Za-z]{2,3})\s*-\s*([0-9A-Za-z]{7})\s*\]/g;

const PREFIX_TYPES = new Map<string, string>();
for (const t of [
  'PERSON', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'LOCATION', 'DATE_OF_BIRTH', 'ADDRESS', 'CREDIT_CARD', 'IBAN', 'US_SSN', 'TAX_ID',
  'US_BANK_NUMBER', 'MEDICAL_LICENSE', 'NRP', 'API_KEY', 'CONNECTION_STRING', 'PASSWORD', 'ORGANIZATION', 'IP_ADDRESS', 'URL', 'REDLIST',
]) {
  PREFIX_TYPES.set(codePrefix(t), t);
}

/** The entity type a code prefix names (null for custom labels, whose type the prefix does not say). */
export function entityTypeOfPrefix(prefix: string): string | null {
  return PREFIX_TYPES.get(prefix) ?? null;
}

function checkChar(prefix: string, body: string): string {
  let sum = 0;
  for (const ch of prefix) sum += ch.charCodeAt(0);
  for (let i = 0; i < body.length; i++) sum += WEIGHTS[i]! * CROCKFORD.indexOf(body[i]!);
  return CROCKFORD[sum % 32]!;
}

/** Crockford's reading rules: case-insensitive, O is 0, I and L are 1; U does not occur. */
function crockfordNormalise(s: string): string | null {
  let out = '';
  for (const raw of s.toUpperCase()) {
    const ch = raw === 'O' ? '0' : raw === 'I' || raw === 'L' ? '1' : raw;
    if (!CROCKFORD.includes(ch)) return null;
    out += ch;
  }
  return out;
}

/** `PER-7K2QM9X` from a prefix and 30 bits of a digest. */
export function makeCode(prefix: string, digest: Buffer): string {
  const bits = digest.readUInt32BE(0) >>> 2;
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += CROCKFORD[(bits >>> (5 * (BODY_LENGTH - 1 - i))) & 31];
  return `${prefix}-${body}${checkChar(prefix, body)}`;
}

/**
 * The code of a value in a scope generation: HMAC(secret, "code" | fingerprint | attempt). The
 * attempt is 0 unless this value's code once collided with another value's (shield_code_bumps).
 */
export function deriveCode(secret: Buffer, entityType: string, fingerprint: string, attempt = 0): string {
  const digest = createHmac('sha256', secret).update(`code\u0000${fingerprint}\u0000${attempt}`).digest();
  return makeCode(codePrefix(entityType), digest);
}

/** Types whose values are the same for a reader whatever their case (as domain/pii's vault treats them). */
const CASELESS = new Set(['PERSON', 'EMAIL_ADDRESS', 'LOCATION', 'ORGANIZATION', 'URL', 'ADDRESS', 'NRP', 'REDLIST']);

export function normaliseValue(entityType: string, value: string): string {
  const collapsed = value.trim().replace(/\s+/g, ' ');
  return CASELESS.has(entityType) ? collapsed.toLowerCase() : collapsed;
}

/** The keyed fingerprint of a value in a scope generation (what the api stores; never the value). */
export function fingerprintOf(secret: Buffer, entityType: string, value: string): string {
  return createHmac('sha256', secret).update(`fp\u0000${entityType}\u0000${normaliseValue(entityType, value)}`).digest('hex').slice(0, 40);
}

/** The stand-in generator's seed for a scope generation. */
export function standInSeed(secret: Buffer): string {
  return createHmac('sha256', secret).update('stand-in-seed').digest('hex').slice(0, 32);
}

export interface FoundCode {
  /** Offsets of the whole bracketed code in the text (UTF-16, end exclusive). */
  start: number;
  end: number;
  /** Normalised code (`PER-7K2QM9X`), or null when it is not a valid code. */
  code: string | null;
  prefix: string;
}

/** Every code-shaped span of a text, normalised; invalid ones (wrong check) have code null. */
export function findCodes(text: string): FoundCode[] {
  const out: FoundCode[] = [];
  for (const m of text.matchAll(LOOSE_CODE_RE)) {
    const prefix = m[1]!.toUpperCase();
    const body = crockfordNormalise(m[2]!);
    const valid = body !== null && checkChar(prefix, body.slice(0, BODY_LENGTH)) === body[BODY_LENGTH];
    out.push({ start: m.index!, end: m.index! + m[0].length, code: valid ? `${prefix}-${body}` : null, prefix });
  }
  return out;
}

/** The stand-in as it travels: the realistic value followed by its code. */
export function standInText(value: string, code: string): string {
  return `${value} [${code}]`;
}
