import { ENTITY_TYPES, type Finding } from './entity-types';

/**
 * The overlap rule (docs/API.md, Sanitizer): when findings overlap, one of them is kept, chosen by
 *   1. redlist and custom entities before built-in types (they are "always found");
 *   2. then the longer span (an ADDRESS covers the LOCATION inside it, an EMAIL_ADDRESS the URL-like
 *      domain inside it, a CONNECTION_STRING the PASSWORD inside it);
 *   3. then the higher score;
 *   4. then the earlier start, then the entity type's order in the profile list (stable result).
 * The others are dropped whole, never trimmed, so every kept finding is a value a recognizer saw.
 */
const TYPE_ORDER = new Map<string, number>(ENTITY_TYPES.map((t, i) => [t, i]));

function priority(f: Finding): number {
  return TYPE_ORDER.has(f.entityType) ? 0 : 1;
}

export function compareForOverlap(a: Finding, b: Finding): number {
  return (
    priority(b) - priority(a) ||
    b.end - b.start - (a.end - a.start) ||
    b.score - a.score ||
    a.start - b.start ||
    (TYPE_ORDER.get(a.entityType) ?? 99) - (TYPE_ORDER.get(b.entityType) ?? 99)
  );
}

/** Below this many findings the plain sort is cheaper than setting up the key arrays. */
const KEYED_FROM = 256;

export function resolveOverlaps(findings: Finding[]): Finding[] {
  if (findings.length < KEYED_FROM) return keep([...findings].sort(compareForOverlap));
  // Ranked by compareForOverlap's keys, worked out once per finding instead of in every comparison
  // (the comparator asked the type Maps up to three times per call; on a long text this sort was
  // 3-5% of detect()). Same keys, same order: both sorts are stable, so ties keep the input order.
  const n = findings.length;
  const priorityOf = new Float64Array(n);
  const lengthOf = new Float64Array(n);
  const scoreOf = new Float64Array(n);
  const startOf = new Float64Array(n);
  const typeOf = new Float64Array(n);
  const ranked: number[] = new Array(n);
  let maxEnd = 0;
  for (let k = 0; k < n; k++) {
    const f = findings[k];
    const type = TYPE_ORDER.get(f.entityType);
    priorityOf[k] = type === undefined ? 1 : 0;
    lengthOf[k] = f.end - f.start;
    scoreOf[k] = f.score;
    startOf[k] = f.start;
    typeOf[k] = type ?? 99;
    ranked[k] = k;
    if (f.end > maxEnd) maxEnd = f.end;
  }
  ranked.sort(
    (a, b) => priorityOf[b] - priorityOf[a] || lengthOf[b] - lengthOf[a] || scoreOf[b] - scoreOf[a] || startOf[a] - startOf[b] || typeOf[a] - typeOf[b],
  );
  return keep(
    ranked.map((k) => findings[k]),
    maxEnd,
  );
}

/** Keeps each ranked finding whose characters no better one has claimed; in text order. */
function keep(ranked: Finding[], maxEnd = -1): Finding[] {
  const kept: Finding[] = [];
  let end = maxEnd;
  if (end < 0) {
    end = 0;
    for (const f of ranked) if (f.end > end) end = f.end;
  }
  // Characters already claimed by a kept finding: linear in the covered length, not quadratic.
  const claimed = new Uint8Array(end);
  for (const f of ranked) {
    if (f.end <= f.start) continue;
    let clash = false;
    for (let i = f.start; i < f.end; i++) {
      if (claimed[i]) {
        clash = true;
        break;
      }
    }
    if (clash) continue;
    claimed.fill(1, f.start, f.end);
    kept.push(f);
  }
  return kept.sort((a, b) => a.start - b.start);
}
