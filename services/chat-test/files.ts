import { randomToken } from '../../lib/crypto';
import { resultFileName } from '../../domain/shield';

/**
 * The run's names and its Markdown file (test in chat, spec document 2).
 *
 * A ref is run-<12 base62 characters>; the assistant is asked to answer as <ref>.md and to end its
 * answer with a "Run: <ref>" line, so a pasted answer still names its run. The file is the
 * protected handoff file (stand-ins only, check-line protocol) with the handoff's result-file name
 * replaced by the run's; a naked file is the protected prompt alone plus the answer instruction.
 */
export const VENDORS = [
  { id: 'chatgpt', name: 'ChatGPT (OpenAI)' },
  { id: 'claude', name: 'Claude (Anthropic)' },
  { id: 'gemini', name: 'Gemini (Google)' },
  { id: 'copilot', name: 'Microsoft Copilot' },
  { id: 'le-chat', name: 'Le Chat (Mistral)' },
] as const;
export const VENDOR_IDS = VENDORS.map((v) => v.id) as string[];

export const CHAT_TEST_LIMITS = { testSetsPerRequest: 20, runsListed: 50, importChars: 2_000_000 } as const;

export const NAKED_RULE =
  'naked: true sends the protected prompt alone, without the stand-in explanation and the check-line instruction; ' +
  'allowed only for a version without a system prompt (a chat has no system role, and a naked file would drop it). ' +
  'A naked answer usually has no check line (verdict none) and is stored like any other.';

const REF_RE = /run-[A-Za-z0-9]{12}(?![A-Za-z0-9])/;

export const newRef = () => `run-${randomToken('', 12)}`;
export const promptFileName = (ref: string) => `prompt-${ref}.md`;
export const answerFileName = (ref: string) => `${ref}.md`;

/** The first run ref in a string (file name, answer text or runId), or null. */
export function findRef(value: string | undefined | null): string | null {
  if (!value) return null;
  return REF_RE.exec(value)?.[0] ?? null;
}

/** The text sent through the handoff: the system prompt (when any) ahead of the rendered user prompt. */
export function chatPrompt(system: string | null, user: string): string {
  return system ? `System instructions:\n\n${system}\n\nTask:\n\n${user}` : user;
}

/** The run's Markdown from the handoff file. */
export function runMarkdown(handoffMarkdown: string, handoffId: string, ref: string, naked: boolean): string {
  const answerLine = `Write your whole answer as ${answerFileName(ref)}, and end it with a line "Run: ${ref}".`;
  if (naked) {
    const at = handoffMarkdown.indexOf('\n## Prompt\n');
    const prompt = at >= 0 ? handoffMarkdown.slice(at + '\n## Prompt\n'.length).trim() : handoffMarkdown.trim();
    return `${prompt}\n\n${answerLine}\n`;
  }
  const renamed = handoffMarkdown.split(resultFileName(handoffId)).join(answerFileName(ref));
  return `${renamed.trimEnd()}\n\n## Answer\n\n${answerLine}\n`;
}

/** The verdict's line facts: how many lines the answer has and its first non-empty line (trimmed, at most 200 characters). */
export function lineFacts(text: string): { lineCount: number; firstLine: string } {
  const lines = text.split(/\r?\n/);
  const first = lines.find((l) => l.trim() !== '') ?? '';
  return { lineCount: text === '' ? 0 : lines.length, firstLine: first.trim().slice(0, 200) };
}

/** The answer the expectations are checked against: without its check line and its Run line. */
export function answerBody(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((l) => !/^\s*[*_`>#\-\s]*GATEHOUSE[\s_-]*CHECK\b/i.test(l) && !/^\s*Run:\s*run-[A-Za-z0-9]{12}\s*$/.test(l))
    .join('\n')
    .trim();
}
