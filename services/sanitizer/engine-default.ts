import { extractDocument, inspectHeaders, rewriteDocument } from '../../domain/documents';
import {
  type Finding,
  InvalidCustomEntityError,
  PROFILE_NAMES,
  REDLIST_ENTITY_TYPE,
  StandInVault,
  detect,
  entityTypesOf,
  resolveOverlaps,
  restoreText,
  sanitizeText,
} from '../../domain/pii';
import { ApiError } from '../../lib/errors';
import type { DetectOptions, EngineVault, SanitizerEngine } from './engine';

/**
 * The engine over the domain modules: domain/pii (detection, stand-ins, wrappers, restore) and
 * domain/documents (reading and rebuilding docx, xlsx, csv, pdf, txt, md, json).
 */
class VaultAdapter implements EngineVault {
  constructor(readonly vault: StandInVault) {}

  serialize(): string {
    return JSON.stringify(this.vault.toJSON());
  }

  protectedContext(): string {
    // Describes the wrapper form without a complete example: an example would itself look like a
    // reference when a model echoes the instructions back.
    return [
      'Some values in this material are protected references written as [[ref:SESSION:CODE value]].',
      'Treat each value as the real one. Whenever you mention it, copy the whole reference exactly as written,',
      'brackets, session and code included; do not translate, reformat or split it, and do not invent new references.',
    ].join(' ');
  }

  manifest() {
    return this.vault.entries().map((e) => ({
      id: e.code,
      entity_type: e.entityType,
      value: e.standIn,
      ref: `ref:${this.vault.nonce}:${e.code}`,
    }));
  }
}

const adapt = (vault: EngineVault): StandInVault => (vault as VaultAdapter).vault;
const normalise = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

function detectWithRedlist(text: string, opts: DetectOptions): Finding[] {
  let findings: Finding[];
  try {
    findings = detect(text, {
      language: opts.language,
      profiles: opts.profiles,
      customEntities: opts.customEntities,
      redlist: opts.redlist.map((r) => r.term),
      ...(opts.threshold !== undefined ? { threshold: opts.threshold } : {}),
    });
  } catch (err) {
    if (err instanceof InvalidCustomEntityError) throw ApiError.badRequest(err.message, { label: err.label }, 'INVALID_PATTERN');
    throw err;
  }
  if (opts.extraFindings?.length) {
    // Before the redlist hits take their entry's type: the overlap rule ranks REDLIST first.
    const wanted = new Set<string>(entityTypesOf(opts.profiles));
    findings = resolveOverlaps([...findings, ...opts.extraFindings.filter((f) => wanted.has(f.entityType))]);
  }
  if (!opts.redlist.length) return findings;
  // Redlist hits come back as REDLIST: give each its entry's entity type, and honour case_sensitive.
  const byTerm = new Map(opts.redlist.map((r) => [normalise(r.term), r]));
  const out: Finding[] = [];
  for (const f of findings) {
    if (f.entityType !== REDLIST_ENTITY_TYPE) {
      out.push(f);
      continue;
    }
    const entry = byTerm.get(normalise(f.text));
    if (entry?.caseSensitive && f.text.replace(/\s+/g, ' ') !== entry.term.replace(/\s+/g, ' ')) continue;
    out.push(entry ? { ...f, entityType: entry.entityType } : f);
  }
  return out;
}

export function createDefaultEngine(): SanitizerEngine {
  return {
    profiles: PROFILE_NAMES,
    newVault: (language) => new VaultAdapter(new StandInVault({ language })),
    loadVault: (serialized) => new VaultAdapter(StandInVault.fromJSON(serialized)),
    detect: detectWithRedlist,
    protect: (text, findings, vault) => {
      const v = adapt(vault);
      const result = sanitizeText(text, findings, v, v.language);
      return {
        sanitized: result.sanitized,
        protected: result.protected,
        replacements: result.replacements.map((r) => ({
          entityType: r.entityType,
          start: r.start,
          end: r.end,
          original: text.slice(r.start, r.end),
          standIn: r.standIn,
          code: r.code,
        })),
      };
    },
    restore: (text, vault, mode) => restoreText(text, adapt(vault), { mode }),
    extract: (buffer, type, opts) => extractDocument(buffer, type, opts),
    rewrite: (buffer, type, opts, rewrite) => rewriteDocument(buffer, type, opts, rewrite),
    inspectHeaders: (buffer, type, opts) => inspectHeaders(buffer, type, opts),
  };
}
