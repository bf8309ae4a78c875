import { buildTaskProfile } from '../routing/task-profile';
import { type TaskDimension, classifyTerms } from '../task-vocabulary';

/**
 * The task a probe's result is evidence for (routing's internal task-fit evidence, issue 13 part 4):
 * the task codes among the prompt's tags (EXPLICIT; `coding`, `math`, aliases such as `code`), else
 * the rule-based classifier over the text sent (CLASSIFIED), at most three dimensions. Security
 * probes give none: they measure resistance to an attack, not fitness for a task (their verdict is
 * attackDetected). Null when no dimension is found: the probe then feeds no task evidence.
 */
export interface ProbeTask {
  dimensions: TaskDimension[];
  source: 'EXPLICIT' | 'CLASSIFIED';
}

export function probeTask(p: { category: string | null; tags: readonly string[] | null; sentPrompt: string }): ProbeTask | null {
  if (p.category === 'security') return null;
  const tagged = classifyTerms(p.tags ?? []).dimensions;
  if (tagged.length) return { dimensions: tagged.slice(0, 3), source: 'EXPLICIT' };
  const profile = buildTaskProfile({ content: p.sentPrompt });
  return profile.dimensions.length ? { dimensions: profile.dimensions.slice(0, 3), source: 'CLASSIFIED' } : null;
}
