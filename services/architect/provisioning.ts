import type { ArchitectUseCases } from '../../activities/architect';
import type { Db } from '../../db/connection';
import { ARCHITECT_TABLE, type ArchitectSessionRow, recordTransition } from '../../db/models/architect-session';
import type { QualityIssue } from '../../domain/architect/analysis';
import { type Proposal, proposalSchema, scaffoldDocuments } from '../../domain/architect/proposal';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import type { AuditService } from '../audit/audit';
import { CustomDocumentService } from '../custom-documents/documents';
import { DocumentTypeService } from '../custom-documents/types';
import { ProjectService } from '../projects/projects';
import { RepositoryService } from '../projects/repositories';
import { PromptAccess } from '../prompts/access';
import { PromptService } from '../prompts/prompts';
import { requesterPrincipal } from '../prompts/test-case-executor';
import type { ProviderService } from '../providers/providers';
import { RoutingPolicyService } from '../routing/policies';
import type { WebhookService } from '../webhooks/webhooks';

/**
 * What accepting a proposal creates, in ONE database transaction: a project (the accepting user its
 * editor), a repository in it holding the stored prompts (version 1 each, with their variables,
 * visible to the company), a project routing policy (scope prompt, not a default: callers name it
 * by policyId), a project-scoped document type as the reference library with one scaffold document
 * per proposed document and the implementation guide, the prompt-library bindings, the audit entry
 * ARCHITECT_ACCEPT_PROPOSAL and the session's ACCEPTED transition with the generated ids.
 *
 * The prompt library's own services do the writing, each built over the transaction (their own
 * transactions become savepoints inside it), so every check they make applies and a failure
 * anywhere rolls everything back. Their webhook events wait for the commit. The transition's
 * sequence number makes it idempotent: a retry after a commit returns what was created.
 */
export class ArchitectProvisioner {
  constructor(
    private readonly deps: {
      db: Db;
      audit: AuditService;
      providers: ProviderService;
      webhooks: Pick<WebhookService, 'emit'>;
      routingPolicies: Pick<RoutingPolicyService, 'forget' | 'validatePolicyJson'>;
    },
  ) {}

  /** The company-level checks of a proposal: its routing policy through the policy validator (geofencing, groups, entitlement). */
  companyIssues: ArchitectUseCases['companyIssues'] = async ({ companyId, userId, proposal }) => {
    const principal = await requesterPrincipal(this.deps.db, companyId, userId, null);
    try {
      await this.deps.routingPolicies.validatePolicyJson(principal, proposal.routingPolicy.policyJson);
      return [];
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      const details = Array.isArray(err.details) ? (err.details as Array<{ path?: string[]; field?: string; message?: string; invalidValues?: string[] }>) : [];
      const issues: QualityIssue[] = details.map((d) => ({
        path: ['routingPolicy', ...(d.path ?? (d.field ? ['policyJson', ...d.field.split('.')] : []))],
        message: d.message ?? `${err.message}${d.invalidValues ? `: ${d.invalidValues.join(', ')}` : ''}`,
      }));
      return issues.length ? issues : [{ path: ['routingPolicy'], message: err.message }];
    }
  };

  provision: ArchitectUseCases['provision'] = async ({ sessionId, companyId, userId, seq }) => {
    const principal = await requesterPrincipal(this.deps.db, companyId, userId, null);
    const events: Array<Parameters<WebhookService['emit']>> = [];
    const generated = await this.deps.db.transaction(async (trx) => {
      const row = await trx<ArchitectSessionRow>(ARCHITECT_TABLE).where({ id: sessionId, company_id: companyId }).forUpdate().first();
      if (!row) throw ApiError.notFound('Architect session not found', 'ARCHITECT_SESSION_NOT_FOUND');
      if (row.version >= seq && row.generated_ids) return row.generated_ids;
      if (row.status !== 'PROPOSAL_READY' || !row.proposal) throw ApiError.badRequest(`Invalid state: accept requires PROPOSAL_READY, the session is ${row.status}`, undefined, 'ARCHITECT_INVALID_STATE');
      const ids = await this.create(trx, principal, row, proposalSchema.parse(row.proposal), events);
      await this.deps.audit.recordFor(principal, { action: 'ARCHITECT_ACCEPT_PROPOSAL', resourceType: 'architect_session', resourceId: row.id, details: { sessionId: row.session_id, ...ids } }, trx);
      await recordTransition(trx, row.id, seq, 'ACCEPTED', { generated_ids: ids, accepted_at: new Date() });
      return ids;
    });
    for (const e of events) this.deps.webhooks.emit(...e);
    this.deps.routingPolicies.forget(companyId);
    return generated;
  };

  reject: ArchitectUseCases['reject'] = async ({ sessionId, companyId, userId, seq, reason }) => {
    const principal = await requesterPrincipal(this.deps.db, companyId, userId, null);
    await this.deps.db.transaction(async (trx) => {
      const row = await trx<ArchitectSessionRow>(ARCHITECT_TABLE).where({ id: sessionId, company_id: companyId }).forUpdate().first();
      if (!row) throw ApiError.notFound('Architect session not found', 'ARCHITECT_SESSION_NOT_FOUND');
      if (row.version >= seq) return;
      const at = new Date();
      await recordTransition(trx, row.id, seq, 'REJECTED', { rejected_at: at, appendHistory: [{ type: 'rejection', at: at.toISOString(), userId, reason }] });
      await this.deps.audit.recordFor(principal, { action: 'ARCHITECT_REJECT_PROPOSAL', resourceType: 'architect_session', resourceId: row.id, details: { sessionId: row.session_id, reason } }, trx);
    });
  };

  private async create(trx: Db, principal: Principal, row: ArchitectSessionRow, p: Proposal, events: Array<Parameters<WebhookService['emit']>>) {
    const { audit, providers } = this.deps;
    const access = new PromptAccess(trx);
    const types = new DocumentTypeService({ db: trx, audit });
    const prompts = new PromptService({ db: trx, access, audit, webhooks: { emit: (...e) => events.push(e) } });
    const documents = new CustomDocumentService({ db: trx, audit, types, access });

    // A name another project already has gets the session's id, so accepting never fails on a name.
    const taken = await trx('projects').where({ company_id: principal.companyId }).whereRaw('lower(name) = lower(?)', [p.projectName]).first('id');
    const name = taken ? `${p.projectName} (${row.session_id})` : p.projectName;
    const project = await new ProjectService({ db: trx, audit }).create(principal, { name, description: p.projectDescription });
    const repository = await new RepositoryService({ db: trx, audit }).create(principal, { name: `${name} prompts`, description: `Prompts proposed by the architect (${row.session_id})`, projectId: project.id });
    const policy = await new RoutingPolicyService(trx, audit, providers, 0).create(principal, {
      name: `${name} routing`,
      description: p.routingPolicy.description || `Routing policy of ${name}`,
      scope: 'prompt',
      isDefault: false,
      policyJson: p.routingPolicy.policyJson,
    });

    const created = [];
    for (const x of p.prompts) {
      const prompt = await prompts.create(principal, {
        name: `${name}: ${x.name}`,
        description: x.description || null,
        category: x.kind,
        tags: ['architect', x.kind.toLowerCase(), ...(x.mcpEnabled ? ['mcp'] : [])],
        visibility: 'SHARED',
        repositoryId: repository.repositoryId,
        userPrompt: x.userPrompt,
        systemPrompt: x.systemPrompt ?? null,
      });
      created.push({ key: x.key, id: prompt.id, promptId: prompt.promptId, name: prompt.name, kind: x.kind, versionId: prompt.version.id, variables: prompt.variables });
    }

    const libraryType = await types.create(principal, {
      name: `${name} reference library`,
      displayName: p.referenceLibrary.name,
      description: p.referenceLibrary.description || null,
      scope: 'PROJECT',
      projectId: project.id,
      metadataSchema: [
        { name: 'purpose', type: 'text', required: true },
        { name: 'architectSession', type: 'text', required: true },
      ],
    });
    const docs = [];
    for (const d of scaffoldDocuments(p)) {
      const doc = await documents.create(principal, { typeId: libraryType.id, name: d.title, content: d.content, metadata: { purpose: d.purpose || d.title, architectSession: row.session_id }, tags: ['architect', 'scaffold', d.key] });
      docs.push({ key: d.key, id: doc.id, name: doc.name });
    }
    const bindings = [];
    for (const x of p.prompts) {
      const prompt = created.find((c) => c.key === x.key)!;
      for (const ref of x.referenceDocuments) {
        const doc = docs.find((d) => d.key === ref)!;
        const b = await documents.bind(principal, doc.id, { storedPromptId: prompt.promptId, injectionMode: 'prepend' });
        bindings.push({ id: b.id, documentId: doc.id, promptId: prompt.promptId });
      }
    }
    return {
      projectId: project.id,
      repositoryId: repository.repositoryId,
      routingPolicyId: policy.id,
      prompts: created,
      referenceLibrary: { documentTypeId: libraryType.id, documents: docs },
      bindings,
    };
  }
}
