import type { Db } from '../../db/connection';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * Redlist: terms the sanitizer always detects, whatever profiles a request names (a project code
 * name, a client's name...). The spec leaves the add body open: Gatehouse takes
 * {term, entity_type (default REDLIST), description?, case_sensitive (default false)}. Terms are
 * unique ignoring case. The list is small and read on every sanitize, so it is cached briefly.
 */
export interface RedlistEntry {
  id: string;
  term: string;
  entity_type: string;
  description: string | null;
  case_sensitive: boolean;
  created_at: string;
}

interface Row {
  id: string;
  term: string;
  entity_type: string;
  description: string | null;
  case_sensitive: boolean;
  created_at: Date;
}

const toDto = (r: Row): RedlistEntry => ({
  id: r.id,
  term: r.term,
  entity_type: r.entity_type,
  description: r.description,
  case_sensitive: r.case_sensitive,
  created_at: new Date(r.created_at).toISOString(),
});

const CACHE_MS = 2000;

export class RedlistService {
  private cache: { at: number; entries: RedlistEntry[] } | null = null;

  constructor(private readonly db: Db) {}

  async add(input: { term: string; entity_type?: string; description?: string; case_sensitive?: boolean }): Promise<RedlistEntry> {
    try {
      const [row] = await this.db('sanitizer_redlist')
        .insert({
          term: input.term,
          entity_type: input.entity_type ?? 'REDLIST',
          description: input.description ?? null,
          case_sensitive: input.case_sensitive ?? false,
        })
        .returning('*');
      this.cache = null;
      return toDto(row as Row);
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict('This term is already on the redlist', 'REDLIST_TERM_EXISTS');
      throw err;
    }
  }

  async list(): Promise<RedlistEntry[]> {
    const rows = (await this.db('sanitizer_redlist').orderBy('created_at').orderBy('id')) as Row[];
    return rows.map(toDto);
  }

  /** For detection: the current entries, at most CACHE_MS old (this process's own changes are seen at once). */
  async terms(): Promise<RedlistEntry[]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.entries;
    const entries = await this.list();
    this.cache = { at: Date.now(), entries };
    return entries;
  }

  async remove(id: string): Promise<void> {
    const deleted = isUuid(id) ? await this.db('sanitizer_redlist').where({ id }).delete() : 0;
    if (!deleted) throw ApiError.notFound('Redlist entry not found', 'REDLIST_ENTRY_NOT_FOUND');
    this.cache = null;
  }
}
