/**
 * The simulator's architect: requests whose system prompt carries `GATEHOUSE-ARCHITECT/<step>`
 * (Gatehouse's architect sessions, domain/architect/messages.ts) are answered with deterministic
 * JSON of the asked shape, built from the JSON document in the last user message (title,
 * requirements, questions, answers). The simulator stands alone (it imports nothing of Gatehouse),
 * so the marker and the shapes are restated here, as a real model reads them from the prompt.
 *
 * Key setting `architect=<fault>` makes every branch testable:
 *   malformed-analysis  the analysis is prose with broken JSON (Gatehouse falls back to a minimal analysis)
 *   malformed-proposal  the first proposal answer is broken JSON; the re-ask gets a valid one
 *   invalid-proposal    the proposal is valid JSON that fails scaffold validation (2 prompts, empty guide...)
 *   malformed           every architect answer is broken JSON, re-asks included
 */
export const ARCHITECT_FAULTS = ['malformed-analysis', 'malformed-proposal', 'invalid-proposal', 'malformed'] as const;
export type ArchitectFault = (typeof ARCHITECT_FAULTS)[number];

const MARKER = /GATEHOUSE-ARCHITECT\/(analysis|dialogue|proposal|repair)/;
const BROKEN = 'Here is the design you asked for: ```json\n{"projectName": "Draft", "prompts": [ {"key": "intake", \n```';

interface Question {
  id: string;
  question: string;
  why?: string;
  required?: boolean;
}
interface Facts {
  title?: string;
  requirements?: Record<string, unknown>;
  questions?: Question[];
  answers?: Record<string, string>;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

function facts(text: string): Facts {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Facts) : {};
  } catch {
    return {};
  }
}

function analysis(f: Facts) {
  const r = f.requirements ?? {};
  const level = str(r.securityLevel, 'standard');
  const questions: Question[] = [
    { id: 'audience', question: 'Who reads the answers, and what do they do with them?', why: 'Tone and format depend on the reader.', required: true },
    { id: 'volume', question: 'How many requests a day do you expect, and how fast must an answer come?', why: 'Sizes the routing policy.', required: true },
  ];
  if (level === 'high' || level === 'critical') {
    questions.push({ id: 'data_residency', question: 'Which data must stay in which region?', why: `Security level ${level}.`, required: true });
  }
  if (!str(r.targetFramework)) questions.push({ id: 'framework', question: 'Will an agent framework call these prompts?', why: 'Decides whether tools are needed.', required: false });
  return {
    gaps: { analysis: `The request "${str(f.title, 'untitled')}" describes ${str(r.useCase, 'an AI workflow')} in ${str(r.industry, 'an unnamed industry')}; audience and volume are open.`, questions },
    quickWins: ['Start with one intake prompt and measure its answers', 'Keep a glossary of domain terms as a reference document'],
    decisions: [{ topic: 'routing', choice: level === 'critical' || level === 'high' ? 'HIGHEST_QUALITY' : 'BALANCED', rationale: `Security level ${level}.` }],
    conflicts: { notes: [] },
  };
}

function dialogue(f: Facts) {
  const answers = f.answers ?? {};
  const open = (f.questions ?? []).filter((q) => q.required !== false && !str(answers[q.id]));
  return { enoughInformation: open.length === 0, questions: open };
}

const AGENTIC = /(agent|mcp|langgraph|langchain|crew|autogen|semantic[\s_-]?kernel|llama[\s_-]?index|claude[\s_-]?code|cursor|swarm|tool)/i;

function proposal(f: Facts) {
  const r = f.requirements ?? {};
  const name = str(f.title, 'Architect project').slice(0, 80);
  const about = str(r.description, str(r.fileContent, 'an AI workflow')).replace(/\s+/g, ' ').slice(0, 200).replace(/[.!?]+$/, '');
  const audience = str(f.answers?.audience, 'the team');
  const level = str(r.securityLevel, 'standard');
  const strategy = level === 'critical' || level === 'high' ? 'HIGHEST_QUALITY' : 'BALANCED';
  const agentic = AGENTIC.test(str(r.targetFramework));
  const v = (n: string, d: string) => ({ name: n, description: d, required: true });
  const prompts: Array<Record<string, unknown>> = [
    {
      key: 'intake',
      name: 'Intake',
      kind: 'TASK',
      description: 'Classifies a request and extracts its facts',
      systemPrompt: `You work for ${name}. Answer precisely.`,
      userPrompt: `For ${name}: classify this request and list its key facts.\n\nRequest: {{request}}`,
      variables: [v('request', 'the incoming request')],
      mcpEnabled: agentic,
      referenceDocuments: ['glossary'],
    },
    {
      key: 'draft',
      name: 'Draft answer',
      kind: 'TASK',
      description: `Drafts an answer for ${audience}`,
      userPrompt: `For ${name}: write an answer for {{audience}} from these facts:\n{{facts}}`,
      variables: [v('audience', 'who reads the answer'), v('facts', 'the facts from intake')],
      mcpEnabled: false,
      referenceDocuments: ['glossary', 'style-guide'],
    },
    {
      key: 'review',
      name: 'Review',
      kind: 'EVALUATION',
      description: 'Checks a draft against the style guide',
      userPrompt: `For ${name}: review this draft against the style guide and list every problem:\n{{draft}}`,
      variables: [v('draft', 'the draft to review')],
      mcpEnabled: false,
      referenceDocuments: ['style-guide'],
    },
    {
      key: 'summarize',
      name: 'Summarize skill',
      kind: 'SKILL',
      description: 'Summarises a document in five bullet points',
      userPrompt: `For ${name}: summarise {{document}} in five bullet points.`,
      variables: [v('document', 'the document text')],
      mcpEnabled: false,
      skill: { name: 'summarize', description: 'Five-point summary of a document', triggers: ['summarize', 'tl;dr'] },
      referenceDocuments: [],
    },
  ];
  return {
    projectName: name,
    projectDescription: `${name}: ${about}. Prompts for intake, drafting, review and summaries, routed by a ${strategy} policy, with a reference library.`,
    prompts,
    routingPolicy: {
      name: `${name} routing`,
      description: `${strategy} routing with fallback`,
      policyJson: { version: 'routingPolicyV1', strategy, fallback: { enabled: true, maxRetries: 2, retryDelayMs: 0 } },
    },
    mcpArchitecture: {
      enabled: agentic,
      servers: agentic
        ? [
            {
              name: `${name} tools`,
              description: 'Tools the agent calls',
              tools: [{ name: 'classify_request', description: 'Classifies a request and extracts its facts', promptKey: 'intake', inputSchema: { type: 'object', properties: { request: { type: 'string' } }, required: ['request'] } }],
            },
          ]
        : [],
    },
    skillsArchitecture: { skills: [{ name: 'summarize', promptKey: 'summarize', description: 'Five-point summary', metadata: { triggers: ['summarize', 'tl;dr'] } }] },
    referenceLibrary: {
      name: `${name} reference library`,
      description: 'Terms and style the prompts rely on',
      documents: [
        { key: 'glossary', title: 'Glossary', purpose: 'Domain terms and their meaning', sections: ['Terms', 'Abbreviations'] },
        { key: 'style-guide', title: 'Style guide', purpose: `How answers for ${audience} are written`, sections: ['Tone', 'Structure', 'Forbidden content'] },
      ],
    },
    implementationGuide: {
      sections: [
        { title: 'Overview', content: `${name} runs four stored prompts: intake, draft, review and a summary skill, each bound to its reference documents.` },
        { title: 'Setup', content: 'Fill in the glossary and the style guide first: every execution of a bound prompt injects them ahead of the prompt.' },
        { title: 'Integration', content: 'Call POST /api/gateway/execute with metadata.promptId and the variables, and policyId set to the project routing policy.' },
        { title: 'Testing', content: 'Add a test set per prompt with the answers you expect, and run it after every new version before moving the production label.' },
      ],
    },
  };
}

/** Valid JSON that fails scaffold validation: two prompts, a vague description, an empty guide, a bad strategy. */
function invalidProposal(f: Facts) {
  const p = proposal(f);
  return {
    ...p,
    projectDescription: 'TBD',
    prompts: p.prompts.slice(0, 2),
    routingPolicy: { ...p.routingPolicy, policyJson: { version: 'routingPolicyV1', strategy: 'FASTEST' } },
    implementationGuide: { sections: [{ title: 'Overview', content: '' }] },
  };
}

/** The answer to an architect request, or null when the request is not one. */
export function architectAnswer(system: string, lastUserText: string, fault: ArchitectFault | undefined): string | null {
  const step = MARKER.exec(system)?.[1];
  if (!step) return null;
  if (fault === 'malformed') return BROKEN;
  const f = facts(lastUserText);
  switch (step) {
    case 'analysis':
      return fault === 'malformed-analysis' ? `Analysis: ${BROKEN}` : JSON.stringify(analysis(f));
    case 'dialogue':
      return JSON.stringify(dialogue(f));
    case 'proposal':
      if (fault === 'malformed-proposal') return BROKEN;
      return JSON.stringify(fault === 'invalid-proposal' ? invalidProposal(f) : proposal(f));
    default: {
      // repair: the re-ask carries the original request's facts.
      const original = (facts(lastUserText) as { original?: Facts }).original ?? {};
      return JSON.stringify(fault === 'invalid-proposal' ? invalidProposal(original) : proposal(original));
    }
  }
}
