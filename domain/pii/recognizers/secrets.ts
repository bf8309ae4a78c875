import { hasContext } from '../context';
import type { Finding } from '../entity-types';
import { ENGLISH_WORDS } from '../lexicons';
import { shannonEntropy } from '../validators';
import { finding, type Recognizer, trimTrailing } from './types';

/**
 * Credentials: API keys by their vendors' published prefixes, key=value pairs naming a secret, long
 * high-entropy tokens near a context word; connection strings with their scheme; passwords after
 * "password"/"Passwort" in key=value form and in prose.
 */

/** Vendor prefixes; each of these formats is documented by its vendor for secret scanning. */
const PREFIXED_KEYS: RegExp[] = [
  /\bsk-(?:proj-|svcacct-|admin-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{20,}/g, // OpenAI, Anthropic
  /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g, // Stripe
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{40,}/g,
  /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b/g, // AWS access key id
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google API key
  /\bglpat-[A-Za-z0-9_-]{20,}/g, // GitLab
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bhf_[A-Za-z0-9]{30,}\b/g, // Hugging Face
  /\bSG\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}/g, // SendGrid
  /\bSK[0-9a-f]{32}\b/g, // Twilio
  /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g, // JWT
  /\bgh[xs]?_[A-Za-z0-9]{24,}/g, // Gatehouse keys
  /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----[\s\S]*?-----END (?:[A-Z]+ )?PRIVATE KEY-----/g,
];

const KEY_VALUE_RE =
  /\b(?:api[_-]?key|apikey|x-api-key|secret[_-]?key|access[_-]?key(?:[_-]?id)?|secret[_-]?access[_-]?key|client[_-]?secret|auth[_-]?token|access[_-]?token|refresh[_-]?token|private[_-]?key|api[_-]?token|token|secret|bearer|authorization:\s*bearer)["']?\s*(?:[:=]|=>|\s)\s*["']?([A-Za-z0-9_\-+/=.~]{12,})/gi;
const LONG_TOKEN_RE = /(?<![A-Za-z0-9_\-+/=])[A-Za-z0-9_\-+/]{24,}={0,2}(?![A-Za-z0-9_\-+/=])/g;

function looksRandom(value: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((r) => r.test(value)).length;
  return classes >= 2 && shannonEntropy(value) >= 3.2;
}

export const apiKeyRecognizer: Recognizer = {
  name: 'api_key',
  types: ['API_KEY'],
  find(text) {
    const out: Finding[] = [];
    for (const re of PREFIXED_KEYS) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        out.push(finding('API_KEY', text, m.index, m.index + m[0].length, 0.95, 'key_prefix'));
      }
    }
    KEY_VALUE_RE.lastIndex = 0;
    for (let m = KEY_VALUE_RE.exec(text); m !== null; m = KEY_VALUE_RE.exec(text)) {
      const start = m.index + m[0].length - m[1].length;
      const end = trimTrailing(text, start, start + m[1].length, '.');
      if (!looksRandom(text.slice(start, end))) continue;
      out.push(finding('API_KEY', text, start, end, 0.85, 'key_value'));
    }
    LONG_TOKEN_RE.lastIndex = 0;
    for (let m = LONG_TOKEN_RE.exec(text); m !== null; m = LONG_TOKEN_RE.exec(text)) {
      const value = m[0];
      if (!looksRandom(value) || shannonEntropy(value) < 3.8 || value.includes('/')) continue;
      const end = m.index + value.length;
      const score = hasContext(text, m.index, end, 'API_KEY') ? 0.8 : 0.45;
      out.push(finding('API_KEY', text, m.index, end, score, 'entropy'));
    }
    return out;
  },
};

const URI_SCHEMES = 'postgres(?:ql)?|mysql|mariadb|mongodb(?:\\+srv)?|rediss?|amqps?|mssql|sqlserver|oracle|clickhouse|cockroachdb|couchdb|cassandra|neo4j(?:\\+s)?|bolt|snowflake|kafka|nats|ldaps?|sftp|ftps?|smtps?|imaps?';
const CONN_URI_RE = new RegExp(`\\b(?:jdbc:[a-z0-9]+:(?://)?|(?:${URI_SCHEMES})://)[^\\s"'<>\`]+`, 'gi');
const ADO_RE = /\b(?:Server|Data Source|Host|Address|Addr)\s*=\s*[^;\n"]+;(?:\s*[A-Za-z ]+\s*=\s*[^;\n"]*;?){1,12}/gi;
const AZURE_RE = /\bDefaultEndpointsProtocol=[^\s"'<>]+/g;
export const connectionStringRecognizer: Recognizer = {
  name: 'connection_string',
  types: ['CONNECTION_STRING'],
  find(text) {
    const out: Finding[] = [];
    for (const re of [CONN_URI_RE, ADO_RE, AZURE_RE]) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        const end = trimTrailing(text, m.index, m.index + m[0].length, '.,)]}\'"');
        const value = text.slice(m.index, end);
        if (/^(?:s?ftps?|smtps?|imaps?|ldaps?):/i.test(value) && !value.includes('@')) continue;
        if (re === ADO_RE && !/(password|pwd|user id|uid|database|initial catalog)\s*=/i.test(value)) continue;
        out.push(finding('CONNECTION_STRING', text, m.index, end, re === ADO_RE ? 0.85 : 0.9, 'connection_string'));
      }
    }
    return out;
  },
};

/** "password: x", "pwd=x", "the password is x", "Passwort lautet x", "Kennwort für das WLAN ist x". */
const PASSWORD_RE =
  /(?<![\p{L}])(?:password|passwort|kennwort|passwd|pwd|passphrase|pass|pw|pin|zugangscode|access code|wifi key|wlan-schlüssel)(?:\s+(?:for|für|of|des|der|vom|zum|zur|to|on)\s+(?:the\s+|das\s+|den\s+|die\s+|dem\s+)?[\p{L}\d .@_-]{1,30}?)?(?:["']?\s*(?:[:=]|=>)\s*|\s+(?:is|ist|lautet|was|war|set to|changed to|is now|ist jetzt|auf|=)\s+(?:now\s+|jetzt\s+|nun\s+)?|\s+)(?=\S)/giu;
const PASSWORD_STOP = new Set([
  'is', 'was', 'the', 'a', 'an', 'to', 'for', 'and', 'or', 'of', 'in', 'on', 'with', 'ist', 'lautet', 'der', 'die', 'das', 'und',
  'oder', 'für', 'mit', 'nicht', 'not', 'required', 'changed', 'reset', 'expired', 'manager', 'policy', 'field', 'ändern',
  'vergessen', 'zurücksetzen', 'abgelaufen', 'erforderlich', 'geändert', 'wurde', 'please', 'bitte', 'hash', 'hashes',
  'again', 'wieder', 'protected', 'geschützt', 'strength', 'rules', 'regeln', 'muss', 'must', 'should', 'sollte', 'from',
]);
export const passwordRecognizer: Recognizer = {
  name: 'password',
  types: ['PASSWORD'],
  find(text) {
    const out: Finding[] = [];
    PASSWORD_RE.lastIndex = 0;
    for (let m = PASSWORD_RE.exec(text); m !== null; m = PASSWORD_RE.exec(text)) {
      let start = m.index + m[0].length;
      let end: number;
      const quote = text[start];
      if (quote === '"' || quote === "'" || quote === '`' || quote === '„' || quote === '“') {
        const close = text.indexOf(quote === '„' ? '“' : quote, start + 1);
        if (close < 0 || close - start > 80) continue;
        start += 1;
        end = close;
      } else {
        end = start;
        while (end < text.length && !/\s/.test(text[end])) end++;
        end = trimTrailing(text, start, end, '.,;:)]}\'"“');
      }
      const value = text.slice(start, end);
      if (value.length < 4 || value.length > 64) continue;
      const lowerValue = value.toLowerCase();
      if (PASSWORD_STOP.has(lowerValue)) continue;
      // An everyday word in lower case ("password protected", "pass through") is prose, not a secret.
      const plainWord = /^[\p{Ll}]+$/u.test(value) && (ENGLISH_WORDS.has(lowerValue) || !/[=:]/.test(m[0]));
      if (plainWord && !/(?:[:=]|is|ist|lautet)\s*["']?$/i.test(m[0])) continue;
      const keyword = m[0].toLowerCase();
      const weakKey = /^(?:pass|pw|pin)\b/.test(keyword.trim());
      const score = plainWord ? 0.55 : weakKey ? 0.7 : 0.85;
      out.push(finding('PASSWORD', text, start, end, score, 'password'));
    }
    return out;
  },
};

export const SECRET_RECOGNIZERS: Recognizer[] = [apiKeyRecognizer, connectionStringRecognizer, passwordRecognizer];
