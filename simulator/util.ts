import { SimHttpError } from './types';

/** Small request-validation helpers shared by the wire formats. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request body as an object, or a 400. */
export function requireObject(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new SimHttpError(400, 'request body must be a JSON object');
  return body;
}

export function optionalNumber(body: Record<string, unknown>, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new SimHttpError(400, `${name}: must be a number`);
  return value;
}

export function optionalPositiveInt(body: Record<string, unknown>, name: string): number | undefined {
  const value = optionalNumber(body, name);
  if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
    throw new SimHttpError(400, `${name}: must be a positive integer`);
  }
  return value;
}

export function requireString(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new SimHttpError(400, `${name}: required string`);
  return value;
}

/** The first value of a header that may repeat. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

let sequence = 0;
/** A process-unique id suffix: cheaper than random bytes and good enough for a simulator. */
export function nextId(): string {
  sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
  return `${Date.now().toString(36)}${sequence.toString(36).padStart(6, '0')}`;
}
