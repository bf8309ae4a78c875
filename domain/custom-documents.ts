/**
 * Custom document types and the metadata of their documents (spec document 3). A type declares a
 * metadataSchema: fields with a name, a type and whether they are required; a document's metadata
 * must match it exactly (unknown keys are refused, so a typo is never stored silently).
 * The spec shows the field type `text`; number, boolean, date (ISO 8601) and tags (string list)
 * are added because reference documents commonly carry them.
 */
export const METADATA_FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'tags'] as const;
export type MetadataFieldType = (typeof METADATA_FIELD_TYPES)[number];

/** COMPANY: every member of the company; PROJECT: the members of one project (promotable to COMPANY). */
export const DOCUMENT_TYPE_SCOPES = ['COMPANY', 'PROJECT'] as const;
export type DocumentTypeScope = (typeof DOCUMENT_TYPE_SCOPES)[number];

export interface MetadataField {
  name: string;
  type: MetadataFieldType;
  required: boolean;
  description?: string;
}

export interface MetadataIssue {
  path: string[];
  message: string;
}

export const MAX_METADATA_FIELDS = 50;
export const MAX_TEXT_VALUE = 10_000;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export function validateMetadataSchema(fields: readonly MetadataField[]): MetadataIssue[] {
  const issues: MetadataIssue[] = [];
  if (fields.length > MAX_METADATA_FIELDS) issues.push({ path: ['metadataSchema'], message: `at most ${MAX_METADATA_FIELDS} fields` });
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (!FIELD_NAME.test(f.name)) issues.push({ path: ['metadataSchema', String(i), 'name'], message: 'a field name starts with a letter and holds letters, digits and _ (at most 64)' });
    else if (seen.has(f.name)) issues.push({ path: ['metadataSchema', String(i), 'name'], message: `field ${f.name} is declared twice` });
    seen.add(f.name);
  });
  return issues;
}

function typeIssue(field: MetadataField, value: unknown): string | null {
  switch (field.type) {
    case 'text':
      return typeof value === 'string' && value.length <= MAX_TEXT_VALUE ? null : `must be a string of at most ${MAX_TEXT_VALUE} characters`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'must be an ISO 8601 date';
    case 'tags':
      return Array.isArray(value) && value.length <= 100 && value.every((t) => typeof t === 'string' && t.length <= 100) ? null : 'must be a list of at most 100 strings';
  }
}

/** Issues of one document's metadata against its type's schema; empty when it matches. */
export function validateMetadata(fields: readonly MetadataField[], metadata: Readonly<Record<string, unknown>>): MetadataIssue[] {
  const issues: MetadataIssue[] = [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const key of Object.keys(metadata)) {
    if (!byName.has(key)) issues.push({ path: ['metadata', key], message: `${key} is not a field of this document type` });
  }
  for (const f of fields) {
    const value = metadata[f.name];
    if (value === undefined || value === null) {
      if (f.required) issues.push({ path: ['metadata', f.name], message: `${f.name} is required` });
      continue;
    }
    const problem = typeIssue(f, value);
    if (problem) issues.push({ path: ['metadata', f.name], message: `${f.name} ${problem}` });
  }
  return issues;
}
