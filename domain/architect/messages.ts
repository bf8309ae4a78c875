import type { ArchitectQuestion } from './analysis';
import { PROMPT_KINDS } from './proposal';
import { type ArchitectRequirements, isAgenticFramework } from './session';

/**
 * What the architect sends the model at each step: a system prompt that starts with a marker
 * naming the step (`GATEHOUSE-ARCHITECT/<step>`: the provider simulator recognises architect
 * requests by it and answers JSON of the asked shape), the instructions and the JSON shape; and a
 * user prompt that is one JSON document with the session's facts, so the model (or the simulator)
 * reads the requirements, questions and answers without parsing prose.
 */
export type ArchitectStep = 'analysis' | 'dialogue' | 'proposal' | 'repair';
export const ARCHITECT_MARKER = 'GATEHOUSE-ARCHITECT';

export interface ModelRequest {
  step: ArchitectStep;
  systemPrompt: string;
  prompt: string;
  maxTokens: number;
}

const marker = (step: ArchitectStep) => `${ARCHITECT_MARKER}/${step}`;

/** Long inputs are cut so one request stays within a model's context (the file's start and end are kept). */
const MAX_FILE_CHARS = 60_000;
function clipped(r: ArchitectRequirements): ArchitectRequirements {
  const f = r.fileContent;
  if (!f || f.length <= MAX_FILE_CHARS) return r;
  const half = MAX_FILE_CHARS / 2;
  return { ...r, fileContent: `${f.slice(0, half)}\n…\n${f.slice(-half)}` };
}

export function analysisRequest(title: string, r: ArchitectRequirements): ModelRequest {
  return {
    step: 'analysis',
    systemPrompt: [
      marker('analysis'),
      'You are the Gatehouse architect. Analyse the requirements of an AI setup (prompts, routing, tools, reference documents).',
      'Answer with one JSON object and nothing else:',
      '{"gaps":{"analysis":string,"questions":[{"id":string,"question":string,"why":string,"required":boolean}]},',
      '"quickWins":[string],"decisions":[{"topic":string,"choice":string,"rationale":string}],"conflicts":{"notes":[string]}}',
      'Ask only what you must know to design the setup; ids are short snake_case words.',
    ].join('\n'),
    prompt: JSON.stringify({ title, requirements: clipped(r) }),
    maxTokens: 4000,
  };
}

export function dialogueRequest(title: string, r: ArchitectRequirements, questions: readonly ArchitectQuestion[], answers: Readonly<Record<string, string>>): ModelRequest {
  return {
    step: 'dialogue',
    systemPrompt: [
      marker('dialogue'),
      'You are the Gatehouse architect in a clarifying dialogue. Decide whether the answers so far are enough to design the setup.',
      'Answer with one JSON object and nothing else: {"enoughInformation":boolean,"questions":[{"id":string,"question":string,"required":boolean}]}',
      'List in questions only what is still open (new ids for new questions).',
    ].join('\n'),
    prompt: JSON.stringify({ title, requirements: clipped(r), questions, answers }),
    maxTokens: 2000,
  };
}

export function proposalRequest(title: string, r: ArchitectRequirements, questions: readonly ArchitectQuestion[], answers: Readonly<Record<string, string>>): ModelRequest {
  const agentic = isAgenticFramework(r.targetFramework);
  return {
    step: 'proposal',
    systemPrompt: [
      marker('proposal'),
      'You are the Gatehouse architect. Propose a complete setup for these requirements as one JSON object and nothing else:',
      '{"projectName":string,"projectDescription":string,',
      `"prompts":[{"key":string,"name":string,"kind":${PROMPT_KINDS.map((k) => `"${k}"`).join('|')},"description":string,"systemPrompt":string,"userPrompt":string (with {{variables}}),`,
      '"variables":[{"name":string,"description":string,"required":boolean}],"mcpEnabled":boolean,"skill":{"name":string,"description":string,"triggers":[string]} (SKILL prompts),"referenceDocuments":[document key]}] (at least 3),',
      '"routingPolicy":{"name":string,"description":string,"policyJson":{"version":"routingPolicyV1","strategy":"BALANCED"|"LOWEST_COST"|"LOWEST_LATENCY"|"HIGHEST_QUALITY", ...}},',
      '"mcpArchitecture":{"enabled":boolean,"servers":[{"name":string,"description":string,"tools":[{"name":string,"description":string,"promptKey":string,"inputSchema":{"type":"object",...}}]}]},',
      '"skillsArchitecture":{"skills":[{"name":string,"promptKey":string,"description":string,"metadata":object}]},',
      '"referenceLibrary":{"name":string,"description":string,"documents":[{"key":string,"title":string,"purpose":string,"sections":[string]}]},',
      '"implementationGuide":{"sections":[{"title":string,"content":string}]} (at least 3 populated sections)}',
      agentic ? `The target framework ${r.targetFramework} runs agents: enable the MCP architecture, with tools, and mark their prompts mcpEnabled.` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    prompt: JSON.stringify({ title, requirements: clipped(r), questions, answers }),
    maxTokens: 8000,
  };
}

/** The one re-ask after an answer that was not valid JSON: the answer and the parse problem. */
export function repairRequest(previous: ModelRequest, answer: string, problem: string): ModelRequest {
  return {
    step: 'repair',
    systemPrompt: previous.systemPrompt.replace(marker(previous.step), marker('repair')),
    prompt: JSON.stringify({ problem, previousAnswer: answer.slice(0, 20_000), original: JSON.parse(previous.prompt) }),
    maxTokens: previous.maxTokens,
  };
}
