/**
 * The simulated model's tool use, shared by the wire formats: with tools offered and the user's
 * turn last, it calls the first tool (or the one asked for) with every required property filled
 * from the user's text (numbers get 1). Enough for a client's tool round trip.
 */
import { isRecord } from './util';

export function simulatedArguments(parameters: unknown, userText: string): Record<string, unknown> {
  const params = isRecord(parameters) ? parameters : {};
  const props = isRecord(params.properties) ? params.properties : {};
  const required = Array.isArray(params.required) ? params.required.filter((r): r is string => typeof r === 'string') : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    const prop = props[name];
    args[name] = isRecord(prop) && (prop.type === 'number' || prop.type === 'integer') ? 1 : userText.slice(0, 200);
  }
  return args;
}
