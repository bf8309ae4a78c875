import { estimateTokens } from '../template';

/**
 * Custom documents bound to a stored prompt, injected when it executes (spec document 3), within
 * a token budget. Documents are taken in binding order; the one that crosses the budget is cut at
 * a word boundary and marked, and the ones after it are left out: `truncated` says so, and DRY_RUN
 * reports documentsInjected, tokensInjected and truncated from this result.
 *
 * Modes: prepend (before the prompt), append (after it), placeholder (fills `{{name}}` in the
 * prompt; that variable then need not be sent). Document text is inserted literally: it is never
 * scanned for variables, so a document that happens to contain `{{x}}` cannot demand a value.
 */
export const INJECTION_MODES = ['prepend', 'append', 'placeholder'] as const;
export type InjectionMode = (typeof INJECTION_MODES)[number];

export interface InjectableDocument {
  id: string;
  name: string;
  content: string;
}

export interface FittedDocument {
  id: string;
  name: string;
  /** The text that goes in (possibly cut), or null when the budget was spent before it. */
  text: string | null;
  tokens: number;
  truncated: boolean;
}

export interface BudgetResult {
  documents: FittedDocument[];
  documentsInjected: number;
  tokensInjected: number;
  truncated: boolean;
}

export const TRUNCATION_MARKER = '\n[document truncated to fit the injection budget]';

/** Cuts text to about `tokens` tokens (4 characters each), at the last whitespace when there is one nearby. */
function cut(text: string, tokens: number): string {
  const chars = Math.max(0, tokens * 4 - TRUNCATION_MARKER.length);
  if (chars <= 0) return '';
  const head = text.slice(0, chars);
  const space = head.search(/\s\S*$/);
  return (space > chars * 0.8 ? head.slice(0, space) : head).trimEnd();
}

export function fitToBudget(docs: readonly InjectableDocument[], budgetTokens: number): BudgetResult {
  let remaining = Math.max(0, Math.floor(budgetTokens));
  let truncated = false;
  const documents: FittedDocument[] = [];
  for (const d of docs) {
    const full = estimateTokens(d.content);
    if (full <= remaining) {
      documents.push({ id: d.id, name: d.name, text: d.content, tokens: full, truncated: false });
      remaining -= full;
      continue;
    }
    truncated = true;
    const head = remaining > 0 ? cut(d.content, remaining) : '';
    if (!head) {
      documents.push({ id: d.id, name: d.name, text: null, tokens: 0, truncated: true });
      remaining = 0;
      continue;
    }
    const text = head + TRUNCATION_MARKER;
    const tokens = estimateTokens(text);
    documents.push({ id: d.id, name: d.name, text, tokens, truncated: true });
    remaining = Math.max(0, remaining - tokens);
  }
  const injected = documents.filter((d) => d.text !== null);
  return {
    documents,
    documentsInjected: injected.length,
    tokensInjected: injected.reduce((n, d) => n + d.tokens, 0),
    truncated,
  };
}

/** One document as the model sees it: delimited and named, so it reads as reference material. */
export function documentBlock(name: string, text: string): string {
  return `<document name="${name.replace(/["<>]/g, '')}">\n${text}\n</document>`;
}

/** The prompt with its prepended and appended blocks, separated by blank lines. */
export function composePrompt(rendered: string, prepend: readonly string[], append: readonly string[]): string {
  return [...prepend, rendered, ...append].join('\n\n');
}
