import { z } from 'zod';
import type { ArchitectRequirements } from './session';

/**
 * The analysis of a session's requirements (gaps.analysis, gaps.questions, quickWins, decisions,
 * conflicts) as the model returns it, read leniently: a model that answers prose, broken JSON or
 * the wrong shape gets a minimal analysis built from the requirements instead (fallback: true),
 * never an error. Also the dialogue's decision: more questions, or enough to generate.
 */
export interface QualityIssue {
  path: string[];
  message: string;
}

const text = (max: number) => z.string().trim().min(1).max(max);

export const questionSchema = z.object({
  id: text(100),
  question: text(2000),
  why: z.string().max(2000).optional(),
  /** A required question must be answered before the session moves to GENERATING on its own. */
  required: z.boolean().default(true),
});
export type ArchitectQuestion = z.output<typeof questionSchema>;

export const analysisSchema = z.object({
  gaps: z.object({
    analysis: text(20_000),
    questions: z.array(questionSchema).max(30).default([]),
  }),
  quickWins: z.array(text(2000)).max(30).default([]),
  decisions: z.array(z.object({ topic: text(500), choice: text(2000), rationale: z.string().max(4000).default('') })).max(30).default([]),
  conflicts: z
    .object({
      notes: z.array(text(2000)).max(30).default([]),
      qualityIssues: z.array(z.object({ path: z.array(z.string()), message: z.string() })).default([]),
    })
    .default({ notes: [], qualityIssues: [] }),
});
export type ArchitectAnalysis = z.output<typeof analysisSchema> & { fallback?: boolean };

/**
 * The JSON object in a model's answer: the whole text, else the text between the first `{` and
 * the last `}` (models wrap JSON in prose or ``` fences). Null when there is none that parses.
 */
export function extractJsonObject(answer: string): unknown {
  const candidates = [answer.trim()];
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start !== -1 && end > start) candidates.push(answer.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      const value = JSON.parse(candidate);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      // the next candidate
    }
  }
  return null;
}

/** The questions a minimal analysis asks: what the requirements do not say yet. */
function fallbackQuestions(r: ArchitectRequirements): ArchitectQuestion[] {
  const out: ArchitectQuestion[] = [];
  if (!r.useCase) out.push({ id: 'use_case', question: 'What is the main task the prompts should perform, and who uses the results?', required: true });
  if (!r.industry) out.push({ id: 'industry', question: 'Which industry or domain does this serve, and are there rules it must follow?', required: true });
  out.push({ id: 'inputs', question: 'What inputs will each request carry (documents, user questions, records), and roughly how large are they?', required: true });
  out.push({ id: 'success', question: 'How will you judge a good answer: what must it contain, and what must it never do?', required: true });
  return out;
}

/** The minimal analysis used when the model's answer cannot be read. */
export function fallbackAnalysis(r: ArchitectRequirements, reason: string): ArchitectAnalysis {
  const about = (r.description ?? r.fileContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  return {
    gaps: {
      analysis: `The model's analysis could not be read (${reason}); these questions cover what the requirements leave open. Requirements: ${about}`,
      questions: fallbackQuestions(r),
    },
    quickWins: [],
    decisions: [],
    conflicts: { notes: [], qualityIssues: [] },
    fallback: true,
  };
}

/** The model's analysis, or the minimal one. Question ids are made unique (a model may repeat one). */
export function parseAnalysis(answer: string, r: ArchitectRequirements): ArchitectAnalysis {
  const json = extractJsonObject(answer);
  if (json === null) return fallbackAnalysis(r, 'the answer was not a JSON object');
  const parsed = analysisSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return fallbackAnalysis(r, `${first?.path.join('.') || 'answer'}: ${first?.message ?? 'invalid'}`);
  }
  const seen = new Set<string>();
  const questions = parsed.data.gaps.questions.map((q, i) => {
    const id = seen.has(q.id) ? `${q.id}_${i + 1}` : q.id;
    seen.add(id);
    return { ...q, id };
  });
  return { ...parsed.data, gaps: { ...parsed.data.gaps, questions } };
}

/** What the model says after a round of answers; anything unreadable counts as "no verdict". */
const dialogueVerdictSchema = z.object({
  enoughInformation: z.boolean(),
  questions: z.array(questionSchema).max(10).default([]),
});
export type DialogueVerdict = z.output<typeof dialogueVerdictSchema>;

export function parseDialogueVerdict(answer: string): DialogueVerdict | null {
  const parsed = dialogueVerdictSchema.safeParse(extractJsonObject(answer));
  return parsed.success ? parsed.data : null;
}

/** Required questions without an answer in `answers` (question id → answer text). */
export function openQuestions(questions: readonly ArchitectQuestion[], answers: Readonly<Record<string, string>>): ArchitectQuestion[] {
  return questions.filter((q) => q.required && !(answers[q.id] ?? '').trim());
}

/**
 * After a round of answers: GENERATING when the model says the information is enough, or when no
 * required question is open and the model asked nothing new; DIALOGUE otherwise. New questions
 * (ids not asked before) are added to the analysis.
 */
export function decideDialogue(
  questions: readonly ArchitectQuestion[],
  answers: Readonly<Record<string, string>>,
  verdict: DialogueVerdict | null,
): { next: 'DIALOGUE' | 'GENERATING'; newQuestions: ArchitectQuestion[] } {
  const known = new Set(questions.map((q) => q.id));
  const newQuestions = (verdict?.questions ?? []).filter((q) => !known.has(q.id));
  if (verdict?.enoughInformation) return { next: 'GENERATING', newQuestions: [] };
  const open = openQuestions([...questions, ...newQuestions], answers);
  return { next: open.length ? 'DIALOGUE' : 'GENERATING', newQuestions };
}
