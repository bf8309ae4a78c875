import type { TaskDimension } from './task-vocabulary';

/**
 * The rule-based task classifier: weighted patterns per capability dimension over the request text.
 * Deterministic, no I/O, a few microseconds for a prompt. Its confidence grows with the weight of
 * the strongest dimension's matches and shrinks when a second dimension is nearly as strong, so a
 * short ambiguous prompt stays below a policy's minConfidence (and the gateway classifier may ask).
 */
export const RULE_CLASSIFIER_VERSION = 'rules-v1';

interface Rule {
  dimension: TaskDimension;
  pattern: RegExp;
  weight: number;
}

const RULE_SOURCE: Rule[] = [
  { dimension: 'coding', pattern: /```|\b(function|class|def|const|let|var|import|return)\b\s*[\w({]/i, weight: 2 },
  { dimension: 'coding', pattern: /\b(code|bug|debug|refactor|compile|stack ?trace|typescript|javascript|python|java|rust|golang|sql|regex|unit tests?|api endpoint)\b/i, weight: 1.5 },
  { dimension: 'tool_use', pattern: /\b(call (the|a) (tool|function)|function[_ ]call(ing)?|tool[_ ]use|use the tools?|json schema|invoke)\b/i, weight: 2 },
  { dimension: 'reasoning', pattern: /\b(step by step|reason(ing)?|explain why|analy[sz]e|pros and cons|trade-?offs?|deduce|logic(al)? puzzle)\b/i, weight: 1.5 },
  { dimension: 'math', pattern: /\b(solve|equation|integral|derivative|probability|calculate|compute|theorem|proof|algebra)\b|\d+\s*[+\-*/^]\s*\d+/i, weight: 1.5 },
  { dimension: 'instruction_following', pattern: /\b(extract|classify|format (it|this|the)|return only|respond (only )?in json|bullet points?|exactly \d+ (words|sentences|items))\b/i, weight: 1.5 },
  { dimension: 'factuality', pattern: /\b(who (is|was)|when did|what year|fact[- ]?check|cite sources?|according to|is it true)\b/i, weight: 1.5 },
  { dimension: 'long_context', pattern: /\b(summari[sz]e|tl;?dr|the following (document|report|transcript)|entire (document|book|contract))\b/i, weight: 1.5 },
  { dimension: 'multilingual_de', pattern: /\b(auf deutsch|übersetze|ins deutsche|in german|german translation|bitte|und|nicht|der|die|das)\b|[äöüß]/i, weight: 1 },
  { dimension: 'writing', pattern: /\b(write (a|an|the)|essay|blog post|story|poem|cover letter|marketing copy|rewrite|tone of voice|headline)\b/i, weight: 1.5 },
  { dimension: 'domain_legal', pattern: /\b(contract|clause|liability|gdpr|statute|legal|lawsuit|indemnif\w*|jurisdiction|nda)\b/i, weight: 1.5 },
  { dimension: 'domain_medical', pattern: /\b(diagnos\w*|symptoms?|patient|dosage|clinical|medication|disease|treatment)\b/i, weight: 1.5 },
  { dimension: 'domain_finance', pattern: /\b(invoice|balance sheet|revenue|ebitda|portfolio|interest rate|tax(es)?|accounting|cash ?flow|stock)\b/i, weight: 1.5 },
  { dimension: 'vision', pattern: /\b(image|picture|photo|screenshot|diagram|chart) (shows|attached|above|below)|\b(describe|look at) (the|this) (image|picture|photo)\b/i, weight: 2 },
];
// Global copies, compiled once: String.match with a global regex counts every occurrence.
const RULES: Rule[] = RULE_SOURCE.map((r) => ({ ...r, pattern: new RegExp(r.pattern.source, `${r.pattern.flags}g`) }));

export interface Classification {
  dimensions: TaskDimension[];
  /** 0..1 */
  confidence: number;
  version: string;
  scores: Partial<Record<TaskDimension, number>>;
}

/** Classifies text (only the first 20,000 characters are read). */
export function classifyTask(text: string): Classification {
  const sample = text.length > 20_000 ? text.slice(0, 20_000) : text;
  const scores: Partial<Record<TaskDimension, number>> = {};
  for (const rule of RULES) {
    const matches = sample.match(rule.pattern);
    if (!matches) continue;
    // Repeated matches add evidence with diminishing returns.
    const weight = rule.weight * Math.min(3, 1 + Math.log2(matches.length));
    scores[rule.dimension] = (scores[rule.dimension] ?? 0) + weight;
  }
  const ranked = (Object.entries(scores) as Array<[TaskDimension, number]>).sort((a, b) => b[1] - a[1]);
  if (!ranked.length) return { dimensions: [], confidence: 0, version: RULE_CLASSIFIER_VERSION, scores };
  const [top, topScore] = ranked[0]!;
  const second = ranked[1]?.[1] ?? 0;
  // Strength: 1.5 (one clear hit) → 0.55, 3 → 0.78, 4.5+ → ~0.9; a close runner-up costs up to 0.25.
  const strength = 1 - Math.exp(-topScore / 1.9);
  const ambiguity = second / topScore;
  const confidence = Math.round(Math.max(0, Math.min(0.95, strength - 0.25 * ambiguity)) * 100) / 100;
  const dimensions = ranked.filter(([, s]) => s >= topScore * 0.6).map(([d]) => d).slice(0, 3);
  if (!dimensions.includes(top)) dimensions.unshift(top);
  return { dimensions, confidence, version: RULE_CLASSIFIER_VERSION, scores };
}
