/**
 * The platform's task vocabulary: capability dimensions and the terms callers may use for them
 * (taskCodes, specializations, provider specialization tags). A term outside it is refused where
 * the spec says so (gateway specializations: 400), ignored elsewhere.
 */
export const TASK_DIMENSIONS = [
  'coding',
  'tool_use',
  'reasoning',
  'math',
  'instruction_following',
  'factuality',
  'long_context',
  'multilingual_de',
  'writing',
  'domain_legal',
  'domain_medical',
  'domain_finance',
  'vision',
  'general',
] as const;
export type TaskDimension = (typeof TASK_DIMENSIONS)[number];

const ALIASES: Record<string, TaskDimension> = {
  code: 'coding',
  programming: 'coding',
  code_generation: 'coding',
  debugging: 'coding',
  tools: 'tool_use',
  function_calling: 'tool_use',
  agents: 'tool_use',
  analysis: 'reasoning',
  logic: 'reasoning',
  mathematics: 'math',
  calculation: 'math',
  instructions: 'instruction_following',
  extraction: 'instruction_following',
  classification: 'instruction_following',
  facts: 'factuality',
  qa: 'factuality',
  research: 'factuality',
  summarization: 'long_context',
  long_documents: 'long_context',
  german: 'multilingual_de',
  deutsch: 'multilingual_de',
  translation: 'multilingual_de',
  multilingual: 'multilingual_de',
  creative_writing: 'writing',
  copywriting: 'writing',
  content: 'writing',
  legal: 'domain_legal',
  law: 'domain_legal',
  medical: 'domain_medical',
  healthcare: 'domain_medical',
  clinical: 'domain_medical',
  finance: 'domain_finance',
  financial: 'domain_finance',
  accounting: 'domain_finance',
  image: 'vision',
  images: 'vision',
  image_understanding: 'vision',
  chat: 'general',
  assistant: 'general',
};

/** The dimension a term names (case and separators ignored), or null when it is not in the vocabulary. */
export function toDimension(term: string): TaskDimension | null {
  const key = term
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if ((TASK_DIMENSIONS as readonly string[]).includes(key)) return key as TaskDimension;
  return ALIASES[key] ?? null;
}

/** Splits terms into known dimensions (deduplicated, in order) and unknown terms. */
export function classifyTerms(terms: readonly string[]): { dimensions: TaskDimension[]; unknown: string[] } {
  const dimensions: TaskDimension[] = [];
  const unknown: string[] = [];
  for (const term of terms) {
    const d = toDimension(term);
    if (!d) unknown.push(term);
    else if (!dimensions.includes(d)) dimensions.push(d);
  }
  return { dimensions, unknown };
}
