/**
 * The stacked decision: how much each rule matters is learned, not fixed.
 *
 * The scanner first collects evidence: every rule match (phrase rules, pattern rules, signals of the
 * normaliser, hidden-text findings) with its hand-set weight, and the window classifier's best
 * probability per head. For each of the three model checks (injection, jailbreak,
 * data_extraction) a second logistic regression then reads that evidence as inputs:
 *
 * - the check's window classifier logit (who is addressed and what about, in the best window);
 *   the other checks' logits were inputs too and learned spurious trade-offs ("looks like data
 *   extraction, so not a jailbreak": a phone's developer mode failed), so each check reads its own;
 * - the hand-set fusion of the check's rules (noisy-or of their weights), the strongest rule's
 *   weight and how many distinct rules matched (the text's length was tried as an input too: it
 *   learned that longer texts are more often attacks, an artefact of attacks riding in documents,
 *   and was dropped);
 * - the source (prompt, document, tool result) and its interaction with the rules and the classifier;
 * - one input per rule that matched the check in training (its weight when it matched, else 0).
 *
 * It is trained by scripts/train-security-classifier.ts on out-of-fold evidence (each training
 * prompt scanned by a classifier that never saw its family), so it learns what the rules and the
 * classifier are worth on text they were not fitted to: "ignore ... instructions" with the
 * classifier sure the window is about assembly instructions weighs less than the same rule with the
 * classifier agreeing. Rules it never saw count through the fused inputs only.
 *
 * A few structural rules stay decisive on their own (the file lists them: Unicode tag characters,
 * chat-template tokens, a markdown image whose URL carries data): their weight is the check's score
 * when it is higher than the model's.
 */
import type { CheckType, ScanSource, SecurityFinding } from './types';

export const STACK_HEADS = ['injection', 'jailbreak', 'data_extraction'] as const;

/** Names of the fixed inputs, in order (the per-rule inputs follow). */
export const STACK_FIXED = [
  'bias',
  'document',
  'tool',
  'logit',
  'logit_data',
  'rules_fused',
  'rules_fused_data',
  'rule_max',
  'rule_count',
] as const;
export const NF = STACK_FIXED.length;

export interface StackFile {
  /** Per head (STACK_HEADS order): the rules with an input of their own. */
  rules: string[][];
  /** Per head: STACK_FIXED weights, then one per rule. */
  weights: number[][];
  /** Per head, added to the logit so the threshold chosen out of fold is probability 0.5. */
  offset: { prompt: number[]; data: number[] };
  /** Rules whose weight alone decides a check when it reaches `decisiveMin`. */
  decisive: string[];
  decisiveMin: number;
  /**
   * Length-aware decision: the logit is lowered by lengthSlope * lengthTerm(tokens), so a long text
   * (many windows, each a chance to fail) needs more evidence. Absent: 0.
   */
  lengthSlope?: number;
}

/** log2 of the number of whole windows' worth of tokens (0 up to one window). */
export const lengthTerm = (tokens: number): number => (tokens > 36 ? Math.log2(tokens / 36) : 0);

export interface StackModel {
  rules: Map<string, number>[];
  weights: Float64Array[];
  offset: { prompt: Float64Array; data: Float64Array };
  decisive: Set<string>;
  decisiveMin: number;
  lengthSlope: number;
}

export function decodeStack(f: StackFile): StackModel {
  return {
    rules: f.rules.map((r) => new Map(r.map((id, i) => [id, i]))),
    weights: f.weights.map((w) => Float64Array.from(w)),
    offset: { prompt: Float64Array.from(f.offset.prompt), data: Float64Array.from(f.offset.data) },
    decisive: new Set(f.decisive),
    decisiveMin: f.decisiveMin,
    lengthSlope: f.lengthSlope ?? 0,
  };
}

/** Findings that are the classifier's own (not rules). */
export const CLASSIFIER_RULE = 'classifier';

const clampLogit = (p: number) => {
  const q = Math.min(1 - 1e-5, Math.max(1e-5, p));
  return Math.log(q / (1 - q));
};

/** Strongest weight per rule (or rule group) among a check's rule findings. */
export function ruleMaxima(findings: readonly SecurityFinding[], groupOf: (f: SecurityFinding) => string | undefined): Map<string, number> {
  const best = new Map<string, number>();
  for (const f of findings) {
    if (f.rule === CLASSIFIER_RULE) continue;
    const key = groupOf(f) ?? f.rule;
    const w = best.get(key);
    if (w === undefined || f.weight > w) best.set(key, f.weight);
  }
  return best;
}

/**
 * The fixed inputs of a check's stacked model (STACK_FIXED order). `best` is the window
 * classifier's probability per head (the check's own is read), `maxima` the check's strongest weight per rule.
 */
export function fixedInputs(head: number, source: ScanSource, best: ArrayLike<number>, maxima: Map<string, number>, out: Float64Array = new Float64Array(NF)): Float64Array {
  const data = source === 'prompt' ? 0 : 1;
  let q = 1;
  let max = 0;
  for (const w of maxima.values()) {
    q *= 1 - Math.min(0.999, w);
    if (w > max) max = w;
  }
  const fused = 1 - q;
  const z = clampLogit(best[head]!) / 4;
  out[0] = 1;
  out[1] = source === 'document' ? 1 : 0;
  out[2] = source === 'tool' ? 1 : 0;
  out[3] = z;
  out[4] = data * z;
  out[5] = fused;
  out[6] = data * fused;
  out[7] = max;
  out[8] = Math.min(maxima.size, 4) / 4;
  return out;
}

/** The stacked model's probability for one check (the offset for its source included). */
const scratch = new Float64Array(NF);
export function stackProbability(m: StackModel, head: number, source: ScanSource, best: ArrayLike<number>, maxima: Map<string, number>, tokens = 0): number {
  const x = fixedInputs(head, source, best, maxima, scratch);
  const w = m.weights[head]!;
  let z = (source === 'prompt' ? m.offset.prompt : m.offset.data)[head]!;
  if (m.lengthSlope !== 0) z -= m.lengthSlope * lengthTerm(tokens);
  for (let i = 0; i < NF; i++) z += w[i]! * x[i]!;
  const ids = m.rules[head]!;
  for (const [rule, v] of maxima) {
    const at = ids.get(rule);
    if (at !== undefined) z += w[NF + at]! * v;
  }
  return 1 / (1 + Math.exp(-z));
}

/** The strongest decisive rule finding's weight (0 when none reaches decisiveMin). */
export function decisiveWeight(m: StackModel, findings: readonly SecurityFinding[]): number {
  let best = 0;
  for (const f of findings) if (f.weight >= m.decisiveMin && f.weight > best && m.decisive.has(f.rule)) best = f.weight;
  return best;
}

export const stackHeadOf = (check: CheckType): number => (STACK_HEADS as readonly string[]).indexOf(check);
