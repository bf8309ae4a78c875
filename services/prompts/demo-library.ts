import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { ROLE_PERMISSIONS } from '../../domain/roles';
import type { CustomDocumentService } from '../custom-documents/documents';
import type { DocumentTypeService } from '../custom-documents/types';
import type { ProjectService } from '../projects/projects';
import type { RepositoryService } from '../projects/repositories';
import type { PromptService } from './prompts';
import type { TestSetService } from './test-sets';

/**
 * The demo company's prompt library (npm start): a project with a repository, three example
 * prompts (one per visibility), a test set whose expectations pass against the simulator, and a
 * company policy document bound to the support prompt, so a new user can list, run, test and see
 * injection in DRY_RUN at once. Idempotent: nothing is added once "Support reply" exists.
 */
export const DEMO_PROMPT_NAME = 'Support reply';

export async function seedDemoPromptLibrary(
  deps: {
    db: Db;
    prompts: PromptService;
    testSets: TestSetService;
    projects: ProjectService;
    repositories: RepositoryService;
    documentTypes: DocumentTypeService;
    customDocuments: CustomDocumentService;
  },
  owner: { companyId: string; userId: string },
): Promise<{ created: boolean; promptId: string | null }> {
  const existing = await deps.db('prompts').where({ company_id: owner.companyId, name: DEMO_PROMPT_NAME }).first('prompt_id');
  if (existing) return { created: false, promptId: existing.prompt_id };
  const principal: Principal = {
    via: 'session',
    companyId: owner.companyId,
    userId: owner.userId,
    role: 'ACCOUNT_OWNER',
    permissions: ROLE_PERMISSIONS.ACCOUNT_OWNER,
    features: new Set(),
  };
  const project = await deps.projects.create(principal, { name: 'Support Studio', description: 'Prompts of the customer support team' });
  const repo = await deps.repositories.create(principal, { name: 'support-prompts', projectId: project.id, description: 'Replies and summaries' });
  const support = await deps.prompts.create(principal, {
    name: DEMO_PROMPT_NAME,
    description: 'A short, polite reply to a customer message, following the refund policy',
    systemPrompt: 'You are a helpful support agent of {{company}}.',
    userPrompt: 'Customer message: {{message}}\nWrite a short, polite reply that follows the policy above.',
    temperature: 0.3,
    maxTokens: 400,
    category: 'writing',
    tags: ['support', 'demo'],
    visibility: 'SHARED',
    repositoryId: repo.repositoryId,
    taskCodes: ['writing'],
  });
  await deps.prompts.create(principal, {
    name: 'Summarize ticket',
    description: 'Two-sentence summary of a support ticket',
    userPrompt: 'Summarize this support ticket in two sentences:\n\n{{ticket}}',
    category: 'writing',
    tags: ['support', 'demo'],
    visibility: 'PUBLIC',
    repositoryId: repo.repositoryId,
  });
  await deps.prompts.create(principal, {
    name: 'SQL helper',
    description: 'A PostgreSQL query for a task described in words',
    userPrompt: 'Write one PostgreSQL query that {{task}}. Answer with SQL only.',
    temperature: 0,
    category: 'coding',
    tags: ['demo'],
    visibility: 'PRIVATE',
    taskCodes: ['coding'],
  });
  await deps.testSets.create(principal, support.promptId, {
    name: 'refund request',
    description: 'The reply must mention the refund and the order number',
    values: { company: 'Acme', message: 'I want a refund for order 42, it arrived broken.' },
    expectedContains: ['refund'],
    expectedPattern: 'order\\s+42',
  });
  const type = await deps.documentTypes.create(principal, {
    name: 'policy',
    displayName: 'Company policy',
    metadataSchema: [
      { name: 'owner', type: 'text', required: true },
      { name: 'reviewed', type: 'date', required: false },
    ],
  });
  const policy = await deps.customDocuments.create(principal, {
    typeId: type.id,
    name: 'Refund policy',
    content: '# Refund policy\n\n- Broken or missing items: full refund, no return needed.\n- Other returns: within 30 days, unused.\n- Refunds reach the original payment method within 5 business days.',
    metadata: { owner: 'Customer support', reviewed: '2026-01-15' },
    tags: ['support'],
  });
  await deps.customDocuments.bind(principal, policy.id, { storedPromptId: support.promptId, injectionMode: 'prepend' });
  return { created: true, promptId: support.promptId };
}
