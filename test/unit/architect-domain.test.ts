import { decideDialogue, extractJsonObject, parseAnalysis, parseDialogueVerdict } from '../../domain/architect/analysis';
import { analysisRequest, dialogueRequest, proposalRequest, repairRequest } from '../../domain/architect/messages';
import { proposalIssues, readProposal, scaffoldDocuments } from '../../domain/architect/proposal';
import { isAgenticFramework, refusal } from '../../domain/architect/session';
import { architectAnswer } from '../../simulator/architect';
import { parseBehaviour } from '../../simulator/behaviour';

/**
 * The architect's pure parts (domain/architect): the transition table, reading model answers
 * (fallback analysis, dialogue verdicts), the proposal's scaffold validation and scaffolds; and the
 * simulator's architect answers read through them (what the integration tests rely on).
 */
const requirements = { description: 'Answer claims e-mails, draft replies, review them.', industry: 'insurance', useCase: 'support', targetFramework: 'LangGraph' };

describe('states', () => {
  it('allows each operation only in the states of the spec table', () => {
    expect(refusal('analyze', 'INPUT')).toBeNull();
    expect(refusal('analyze', 'DIALOGUE')).toBe('Invalid state: analyze requires INPUT, the session is DIALOGUE');
    expect(refusal('generate', 'GENERATING')).toBeNull();
    expect(refusal('generate', 'PROPOSAL_READY')).toContain('DIALOGUE or GENERATING');
    expect(refusal('revise', 'DIALOGUE')).toBeNull();
    expect(refusal('revise', 'GENERATING')).not.toBeNull();
    expect(refusal('transfer', 'ACCEPTED')).toBeNull();
    expect(refusal('transfer', 'REJECTED')).not.toBeNull();
    expect(refusal('reject', 'PROPOSAL_READY')).toBeNull();
  });

  it('recognises agentic frameworks', () => {
    for (const f of ['LangGraph', 'CrewAI', 'OpenAI Agents SDK', 'MCP server', 'AutoGen']) expect(isAgenticFramework(f)).toBe(true);
    for (const f of ['Django', 'plain REST', '', undefined]) expect(isAgenticFramework(f)).toBe(false);
  });
});

describe('model answers', () => {
  it('finds the JSON object in prose or fences, and nothing in broken JSON', () => {
    expect(extractJsonObject('Here: ```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    expect(extractJsonObject('{"a": [1, 2')).toBeNull();
    expect(extractJsonObject('[1, 2]')).toBeNull();
  });

  it('falls back to a minimal analysis when the answer cannot be read', () => {
    const a = parseAnalysis('The analysis: {gaps: oops', { description: 'x' });
    expect(a.fallback).toBe(true);
    expect(a.gaps.questions.map((q) => q.id)).toEqual(['use_case', 'industry', 'inputs', 'success']);
    const wrongShape = parseAnalysis('{"gaps": {"questions": []}}', requirements);
    expect(wrongShape.fallback).toBe(true);
    expect(wrongShape.gaps.analysis).toContain('gaps.analysis');
    expect(wrongShape.gaps.questions.map((q) => q.id)).toEqual(['inputs', 'success']);
  });

  it('makes repeated question ids unique', () => {
    const a = parseAnalysis(JSON.stringify({ gaps: { analysis: 'ok', questions: [{ id: 'x', question: 'one?' }, { id: 'x', question: 'two?' }] } }), requirements);
    expect(a.gaps.questions.map((q) => [q.id, q.required])).toEqual([
      ['x', true],
      ['x_2', true],
    ]);
  });

  it('decides DIALOGUE or GENERATING from open required questions and the verdict', () => {
    const qs = [
      { id: 'a', question: 'A?', required: true },
      { id: 'b', question: 'B?', required: false },
    ];
    expect(decideDialogue(qs, {}, null).next).toBe('DIALOGUE');
    expect(decideDialogue(qs, { a: 'yes' }, null).next).toBe('GENERATING');
    expect(decideDialogue(qs, {}, { enoughInformation: true, questions: [] }).next).toBe('GENERATING');
    const more = decideDialogue(qs, { a: 'yes' }, { enoughInformation: false, questions: [{ id: 'c', question: 'C?', required: true }] });
    expect(more).toEqual({ next: 'DIALOGUE', newQuestions: [{ id: 'c', question: 'C?', required: true }] });
    expect(parseDialogueVerdict('not json')).toBeNull();
  });
});

describe('the simulator answers through the domain', () => {
  const questions = [
    { id: 'audience', question: 'Who?', required: true },
    { id: 'volume', question: 'How many?', required: true },
  ];
  const answers = { audience: 'claims handlers', volume: '400 a day' };

  it('answers analysis and dialogue in the asked shapes', () => {
    const a = analysisRequest('Claims desk', requirements);
    const parsed = parseAnalysis(architectAnswer(a.systemPrompt, a.prompt, undefined)!, requirements);
    expect(parsed.fallback).toBeUndefined();
    expect(parsed.gaps.questions.map((q) => q.id)).toEqual(['audience', 'volume']);
    const d = dialogueRequest('Claims desk', requirements, questions, { audience: 'x' });
    expect(parseDialogueVerdict(architectAnswer(d.systemPrompt, d.prompt, undefined)!)).toMatchObject({ enoughInformation: false, questions: [{ id: 'volume' }] });
    expect(architectAnswer('a plain system prompt', '{}', undefined)).toBeNull();
  });

  it('proposes a setup that passes validation, and an invalid one on request', () => {
    const p = proposalRequest('Claims desk', requirements, questions, answers);
    const read = readProposal(extractJsonObject(architectAnswer(p.systemPrompt, p.prompt, undefined)!));
    if (!read.ok) throw new Error(JSON.stringify(read.issues));
    expect(proposalIssues(read.proposal, requirements)).toEqual([]);
    expect(scaffoldDocuments(read.proposal).map((d) => d.key)).toEqual(['glossary', 'style-guide', 'implementation-guide']);

    const bad = readProposal(extractJsonObject(architectAnswer(p.systemPrompt, p.prompt, 'invalid-proposal')!));
    if (!bad.ok) throw new Error('the invalid proposal is still valid JSON of the shape');
    const paths = proposalIssues(bad.proposal, requirements).map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['projectDescription', 'prompts', 'routingPolicy.policyJson.strategy', 'implementationGuide.sections']));

    expect(extractJsonObject(architectAnswer(p.systemPrompt, p.prompt, 'malformed-proposal')!)).toBeNull();
    const repair = repairRequest(p, 'broken', 'not JSON');
    expect(repair.systemPrompt).toContain('GATEHOUSE-ARCHITECT/repair');
    expect(readProposal(extractJsonObject(architectAnswer(repair.systemPrompt, repair.prompt, 'malformed-proposal')!)).ok).toBe(true);
  });

  it('flags what an agentic framework needs and SKILL prompts without metadata', () => {
    const p = proposalRequest('Claims desk', requirements, questions, answers);
    const read = readProposal(extractJsonObject(architectAnswer(p.systemPrompt, p.prompt, undefined)!));
    if (!read.ok) throw new Error('unexpected');
    const noTools = { ...read.proposal, mcpArchitecture: { enabled: false, servers: [] }, prompts: read.proposal.prompts.map((x) => ({ ...x, mcpEnabled: false, skill: undefined })) };
    const issues = proposalIssues(noTools, requirements).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([expect.stringMatching(/^mcpArchitecture: LangGraph is an agentic framework/), expect.stringMatching(/^prompts: an agentic framework/), expect.stringMatching(/^prompts\.3\.skill: a SKILL prompt/)]),
    );
    // Without an agentic framework the same proposal needs no tools.
    expect(proposalIssues(noTools, { description: 'x' }).some((i) => i.path[0] === 'mcpArchitecture')).toBe(false);
  });

  it('the key setting architect= is validated', () => {
    expect(parseBehaviour('sim;architect=invalid-proposal').architect).toBe('invalid-proposal');
    expect(() => parseBehaviour('sim;architect=whatever')).toThrow(/architect=whatever/);
  });
});
