/**
 * {{variable}} substitution. Unknown variables are left as written so the caller sees what was not
 * filled; values are inserted verbatim (no recursive expansion of {{...}} inside values).
 */
export function renderTemplate(text: string, variables: Record<string, unknown> | undefined): string {
  if (!variables || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name: string) => {
    const value = variables[name];
    if (value === undefined || value === null) return whole;
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** A rough token estimate (about four characters per token) for plans and cost estimates. */
export function estimateTokens(...texts: Array<string | undefined | null>): number {
  let chars = 0;
  for (const t of texts) if (t) chars += t.length;
  return Math.ceil(chars / 4);
}
