import { RULE_CLASSIFIER_VERSION, classifyTask } from '../task-classifier';
import { classifyTerms } from '../task-vocabulary';
import type { Explanation, RankedCandidate, TaskProfile } from './types';

/**
 * The task profile of a request (gateway rule 5, simulate, rank, subscriber advisory): stated codes
 * first (EXPLICIT, full confidence, unknown terms ignored with a note), else the rule-based
 * classifier over the text (CLASSIFIED), else NONE.
 */
export function parseTaskCodes(value: string | readonly string[] | undefined | null): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? value.split(',') : [...value];
  return list.map((s) => s.trim()).filter(Boolean);
}

export function buildTaskProfile(input: { codes?: readonly string[]; content?: string | null; useClassifier?: boolean }): TaskProfile {
  const codes = input.codes ?? [];
  if (codes.length) {
    const { dimensions, unknown } = classifyTerms(codes);
    const notes: Explanation[] = unknown.length ? [{ key: 'task.codes.unknownIgnored', vars: { terms: unknown.join(',') } }] : [];
    if (dimensions.length) return { codes: [...codes], dimensions, confidence: 1, source: 'EXPLICIT', classifierVersion: 'explicit', notes };
    return { codes: [...codes], dimensions: [], confidence: 0, source: 'NONE', classifierVersion: 'explicit', notes };
  }
  if (input.content && input.useClassifier !== false) {
    const c = classifyTask(input.content);
    if (c.dimensions.length) {
      return {
        codes: c.dimensions,
        dimensions: c.dimensions,
        confidence: c.confidence,
        source: 'CLASSIFIED',
        classifierVersion: c.version,
        notes: [{ key: 'task.classified', vars: { dimensions: c.dimensions.join(','), confidence: c.confidence } }],
      };
    }
    return { codes: [], dimensions: [], confidence: 0, source: 'NONE', classifierVersion: c.version, notes: [{ key: 'task.noSignal', vars: {} }] };
  }
  return { codes: [], dimensions: [], confidence: 0, source: 'NONE', classifierVersion: RULE_CLASSIFIER_VERSION, notes: [] };
}

export interface RankChange {
  provider: string;
  model: string;
  from: number;
  to: number;
}

/** Positions (1-based) that differ between the ranking without task fit (from) and with it (to). */
export function rankChanges(withTaskFit: readonly RankedCandidate[], without: readonly RankedCandidate[]): RankChange[] {
  const before = new Map<string, number>();
  without.forEach((r, i) => {
    before.set(`${r.candidate.providerId}|${r.candidate.model}`, i + 1);
  });
  const out: RankChange[] = [];
  withTaskFit.forEach((r, i) => {
    const from = before.get(`${r.candidate.providerId}|${r.candidate.model}`);
    if (from !== undefined && from !== i + 1) out.push({ provider: r.candidate.providerName, model: r.candidate.model, from, to: i + 1 });
  });
  return out;
}
