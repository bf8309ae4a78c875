import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs; anything else cannot name a record, so lookups answer 404 without a query. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export const newId = randomUUID;
