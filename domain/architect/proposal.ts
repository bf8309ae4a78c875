import { z } from 'zod';
import { extractVariables } from '../prompts/template';
import { parsePolicyJson } from '../routing/policy';
import type { QualityIssue } from './analysis';
import { type ArchitectRequirements, isAgenticFramework } from './session';

/**
 * The architect's proposal (spec document 3: project description, at least 3 prompts, routing
 * policy, MCP architecture, skills architecture, reference-library metadata, implementation guide).
 * The spec does not show the inner sections; this schema is ours (docs/API.md, "Architect
 * sessions"). `proposalSchema` reads the model's JSON; `proposalIssues` is the scaffold validation
 * whose failure sends the session back to DIALOGUE with conflicts.qualityIssues (422). The routing
 * policy is checked here against the policy schema; the service adds the company-level checks of
 * the policy validator (geofencing values, provider groups).
 */
export const PROMPT_KINDS = ['SYSTEM', 'TASK', 'SKILL', 'AGENT', 'EVALUATION'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const key = z.string().trim().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'a key is lower-case letters, digits, _ and -');

export const proposalPromptSchema = z.object({
  key,
  name: text(150),
  kind: z.enum(PROMPT_KINDS),
  description: z.string().max(2000).default(''),
  systemPrompt: z.string().max(20_000).nullable().optional(),
  userPrompt: text(50_000),
  variables: z.array(z.object({ name: text(100), description: z.string().max(1000).default(''), required: z.boolean().default(true) })).max(50),
  mcpEnabled: z.boolean().default(false),
  skill: z.object({ name: text(100), description: text(2000), triggers: z.array(text(200)).max(20) }).optional(),
  /** Keys of reference-library documents bound to this prompt (injected, prepend). */
  referenceDocuments: z.array(key).max(20).default([]),
});

export const proposalSchema = z.object({
  projectName: text(120),
  projectDescription: text(5000),
  prompts: z.array(proposalPromptSchema).max(30),
  routingPolicy: z.object({ name: text(150), description: z.string().max(2000).default(''), policyJson: z.record(z.string(), z.unknown()) }),
  mcpArchitecture: z.object({
    enabled: z.boolean(),
    servers: z
      .array(
        z.object({
          name: text(100),
          description: z.string().max(2000).default(''),
          tools: z.array(z.object({ name: text(100), description: z.string().max(2000), promptKey: key, inputSchema: z.record(z.string(), z.unknown()) })).max(50),
        }),
      )
      .max(10)
      .default([]),
  }),
  skillsArchitecture: z.object({
    skills: z.array(z.object({ name: text(100), promptKey: key, description: z.string().max(2000), metadata: z.record(z.string(), z.unknown()).default({}) })).max(30).default([]),
  }),
  referenceLibrary: z.object({
    name: text(150),
    description: z.string().max(2000).default(''),
    documents: z.array(z.object({ key, title: text(200), purpose: z.string().max(2000), sections: z.array(text(200)).max(30) })).max(30),
  }),
  implementationGuide: z.object({ sections: z.array(z.object({ title: text(200), content: z.string().max(20_000) })).max(30) }),
});
export type Proposal = z.output<typeof proposalSchema>;

export const MIN_PROMPTS = 3;
export const MIN_GUIDE_SECTIONS = 3;
const MIN_DESCRIPTION_WORDS = 8;
const MIN_SECTION_CHARS = 40;

/** The shape errors of a model's proposal JSON as quality issues. */
export function readProposal(json: unknown): { ok: true; proposal: Proposal } | { ok: false; issues: QualityIssue[] } {
  const parsed = proposalSchema.safeParse(json);
  if (parsed.success) return { ok: true, proposal: parsed.data };
  return { ok: false, issues: parsed.error.issues.slice(0, 20).map((i) => ({ path: i.path.map(String), message: i.message })) };
}

/** The scaffold validation of spec document 3 ("Proposal validation"); empty when the proposal passes. */
export function proposalIssues(p: Proposal, r: ArchitectRequirements): QualityIssue[] {
  const issues: QualityIssue[] = [];
  const add = (path: Array<string | number>, message: string) => issues.push({ path: path.map(String), message });

  if (p.projectDescription.split(/\s+/).filter(Boolean).length < MIN_DESCRIPTION_WORDS) {
    add(['projectDescription'], `the project description must say what the project does (at least ${MIN_DESCRIPTION_WORDS} words)`);
  }
  if (p.prompts.length < MIN_PROMPTS) add(['prompts'], `at least ${MIN_PROMPTS} prompts are required, got ${p.prompts.length}`);
  const keys = new Set<string>();
  const names = new Set<string>();
  for (const [i, prompt] of p.prompts.entries()) {
    if (keys.has(prompt.key)) add(['prompts', i, 'key'], `duplicate prompt key ${prompt.key}`);
    if (names.has(prompt.name.toLowerCase())) add(['prompts', i, 'name'], `duplicate prompt name ${prompt.name}`);
    keys.add(prompt.key);
    names.add(prompt.name.toLowerCase());
    const used = extractVariables(prompt.userPrompt, prompt.systemPrompt);
    const declared = prompt.variables.map((v) => v.name);
    if (!used.length) add(['prompts', i, 'userPrompt'], 'a prompt must take at least one {{variable}}');
    for (const name of used.filter((u) => !declared.includes(u))) add(['prompts', i, 'variables'], `{{${name}}} is used but not declared`);
    for (const name of declared.filter((d) => !used.includes(d))) add(['prompts', i, 'variables'], `${name} is declared but never used`);
    if (prompt.kind === 'SKILL' && !prompt.skill?.triggers.length) add(['prompts', i, 'skill'], 'a SKILL prompt needs skill metadata (name, description, at least one trigger)');
  }
  const docKeys = new Set(p.referenceLibrary.documents.map((d) => d.key));
  for (const [i, prompt] of p.prompts.entries()) {
    for (const ref of prompt.referenceDocuments.filter((k) => !docKeys.has(k))) add(['prompts', i, 'referenceDocuments'], `unknown reference document ${ref}`);
  }

  const policy = parsePolicyJson(p.routingPolicy.policyJson);
  if (!policy.ok) for (const issue of policy.issues) add(['routingPolicy', 'policyJson', ...issue.path], issue.message);

  if (isAgenticFramework(r.targetFramework)) {
    const tools = p.mcpArchitecture.servers.flatMap((s) => s.tools);
    if (!p.mcpArchitecture.enabled || !tools.length) add(['mcpArchitecture'], `${r.targetFramework} is an agentic framework: the MCP architecture must be enabled with at least one tool`);
    if (!p.prompts.some((x) => x.mcpEnabled)) add(['prompts'], 'an agentic framework needs at least one MCP-enabled prompt');
    for (const [si, s] of p.mcpArchitecture.servers.entries()) {
      for (const [ti, t] of s.tools.entries()) {
        const at = ['mcpArchitecture', 'servers', si, 'tools', ti];
        if (!keys.has(t.promptKey)) add([...at, 'promptKey'], `unknown prompt ${t.promptKey}`);
        if (!t.description.trim()) add([...at, 'description'], 'a tool needs a description');
        if (t.inputSchema.type !== 'object') add([...at, 'inputSchema'], 'a tool input schema is a JSON Schema of type object');
      }
    }
  }
  p.skillsArchitecture.skills.forEach((s, i) => {
    if (!keys.has(s.promptKey)) add(['skillsArchitecture', 'skills', i, 'promptKey'], `unknown prompt ${s.promptKey}`);
  });

  if (!p.referenceLibrary.documents.length) add(['referenceLibrary', 'documents'], 'the reference library needs at least one document');
  p.referenceLibrary.documents.forEach((d, i) => {
    if (!d.sections.length) add(['referenceLibrary', 'documents', i, 'sections'], 'a reference document needs at least one section');
  });

  const sections = p.implementationGuide.sections;
  if (sections.length < MIN_GUIDE_SECTIONS) add(['implementationGuide', 'sections'], `the implementation guide needs at least ${MIN_GUIDE_SECTIONS} sections`);
  sections.forEach((s, i) => {
    if (s.content.trim().length < MIN_SECTION_CHARS) add(['implementationGuide', 'sections', i, 'content'], `section "${s.title}" is not populated (at least ${MIN_SECTION_CHARS} characters)`);
  });
  return issues;
}

/** A Markdown scaffold per reference document, and one holding the implementation guide. */
export function scaffoldDocuments(p: Proposal): Array<{ key: string; title: string; purpose: string; content: string }> {
  const docs = p.referenceLibrary.documents.map((d) => ({
    key: d.key,
    title: d.title,
    purpose: d.purpose,
    content: [
      `# ${d.title}`,
      '',
      `> ${d.purpose || 'Reference material for the prompts of this project.'}`,
      '',
      ...d.sections.flatMap((s) => [`## ${s}`, '', `_To be written: ${s.toLowerCase()} for ${p.projectName}._`, '']),
    ].join('\n'),
  }));
  const guideKey = docs.some((d) => d.key === 'implementation-guide') ? 'implementation-guide-scaffold' : 'implementation-guide';
  docs.push({
    key: guideKey,
    title: 'Implementation guide',
    purpose: `How to put ${p.projectName} to work`,
    content: [`# Implementation guide: ${p.projectName}`, '', ...p.implementationGuide.sections.flatMap((s) => [`## ${s.title}`, '', s.content, ''])].join('\n'),
  });
  return docs;
}
