import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { Db } from '../../db/connection';
import { CustomDocumentType } from '../../db/models/custom-document';
import { type DocumentTypeScope, type MetadataField, validateMetadataSchema } from '../../domain/custom-documents';
import { roleHas } from '../../domain/roles';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * Custom document types (spec document 3): a name, a display name, a scope and a metadataSchema.
 * COMPANY types are seen by every member and created or changed by company admins; PROJECT types
 * by the project's members (EDITORs change them) and admins. Promote turns a PROJECT type into a
 * COMPANY one (admins). Another company's type, or one the caller cannot see, is 404.
 */
export interface DocumentTypeInput {
  name: string;
  displayName?: string;
  description?: string | null;
  scope?: DocumentTypeScope;
  projectId?: string | null;
  metadataSchema?: MetadataField[];
}

export function publicDocumentType(t: CustomDocumentType) {
  return {
    id: t.id,
    name: t.name,
    displayName: t.displayName,
    description: t.description,
    scope: t.scope,
    projectId: t.projectId,
    metadataSchema: t.metadataSchema,
    createdByUserId: t.createdByUserId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

const typeNotFound = () => ApiError.notFound('Document type not found', 'DOCUMENT_TYPE_NOT_FOUND');
const nameTaken = (name: string) => ApiError.conflict(`A document type named "${name}" already exists`, 'DUPLICATE_DOCUMENT_TYPE');

export const isCompanyAdmin = (principal: Principal) => principal.role !== null && roleHas(principal.role, 'prompts.admin');

export class DocumentTypeService {
  constructor(private readonly deps: { db: Db; audit: AuditService }) {}

  /** Project ids whose PROJECT-scoped types the caller sees, with the role held in each. */
  async projectRoles(principal: Principal): Promise<Map<string, string>> {
    if (!principal.userId) return new Map();
    const rows = await this.deps.db('project_members as m')
      .join('projects as p', 'p.id', 'm.project_id')
      .where({ 'm.user_id': principal.userId, 'p.company_id': principal.companyId })
      .select('m.project_id', 'm.role');
    return new Map(rows.map((r) => [r.project_id as string, r.role as string]));
  }

  private async canSee(principal: Principal, t: CustomDocumentType, roles?: Map<string, string>) {
    if (t.scope === 'COMPANY' || isCompanyAdmin(principal)) return true;
    return Boolean(t.projectId && (roles ?? (await this.projectRoles(principal))).has(t.projectId));
  }

  private async canChange(principal: Principal, t: { scope: DocumentTypeScope; projectId: string | null }) {
    if (isCompanyAdmin(principal)) return true;
    if (t.scope === 'COMPANY' || !t.projectId) return false;
    return (await this.projectRoles(principal)).get(t.projectId) === 'EDITOR';
  }

  async list(principal: Principal) {
    const [rows, roles] = await Promise.all([
      CustomDocumentType.query(this.deps.db).where({ company_id: principal.companyId }).orderBy('name'),
      this.projectRoles(principal),
    ]);
    const out = [];
    for (const t of rows) if (await this.canSee(principal, t, roles)) out.push(publicDocumentType(t));
    return out;
  }

  /** The type when the caller can see it; 404 otherwise. */
  async visible(principal: Principal, id: string, trx: Db = this.deps.db): Promise<CustomDocumentType> {
    const t = isUuid(id) ? await CustomDocumentType.query(trx).findOne({ id, company_id: principal.companyId }) : undefined;
    if (!t || !(await this.canSee(principal, t))) throw typeNotFound();
    return t;
  }

  async get(principal: Principal, id: string) {
    return publicDocumentType(await this.visible(principal, id));
  }

  private async checkScope(principal: Principal, scope: DocumentTypeScope, projectId: string | null | undefined) {
    if (scope === 'PROJECT') {
      if (!projectId) throw ApiError.badRequest('A PROJECT type needs a projectId', [{ path: ['projectId'], message: 'required for scope PROJECT' }]);
      const project = isUuid(projectId) ? await this.deps.db('projects').where({ id: projectId, company_id: principal.companyId }).first('id') : undefined;
      if (!project) throw ApiError.badRequest(`Unknown project ${projectId}`, [{ path: ['projectId'], message: 'unknown project' }]);
    } else if (projectId) {
      throw ApiError.badRequest('A COMPANY type has no projectId', [{ path: ['projectId'], message: 'only for scope PROJECT' }]);
    }
    if (!(await this.canChange(principal, { scope, projectId: projectId ?? null }))) {
      throw ApiError.forbidden(scope === 'COMPANY' ? 'Only company admins manage company-wide document types' : "Only the project's editors manage its document types");
    }
  }

  private checkSchema(schema: MetadataField[] | undefined) {
    const issues = validateMetadataSchema(schema ?? []);
    if (issues.length) throw ApiError.badRequest(`Invalid metadataSchema: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, issues);
  }

  async create(principal: Principal, input: DocumentTypeInput) {
    const scope = input.scope ?? 'COMPANY';
    await this.checkScope(principal, scope, input.projectId);
    this.checkSchema(input.metadataSchema);
    const row = await this.deps.db
      .transaction(async (trx) => {
        const t = await CustomDocumentType.query(trx).insertAndFetch({
          companyId: principal.companyId,
          name: input.name,
          displayName: input.displayName ?? input.name,
          description: input.description ?? null,
          scope,
          projectId: scope === 'PROJECT' ? input.projectId! : null,
          metadataSchema: input.metadataSchema ?? [],
          createdByUserId: principal.userId,
        });
        await this.deps.audit.recordFor(principal, { action: 'custom_document_type.created', resourceType: 'custom_document_type', resourceId: t.id, details: { name: t.name, scope } }, trx);
        return t;
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name) : err;
      });
    return publicDocumentType(row);
  }

  /**
   * Name, display name, description and schema. A schema change applies to documents written
   * afterwards; existing documents keep their metadata until they are next updated.
   */
  async update(principal: Principal, id: string, input: Partial<Omit<DocumentTypeInput, 'scope' | 'projectId'>>) {
    const t = await this.visible(principal, id);
    if (!(await this.canChange(principal, t))) throw ApiError.forbidden('You cannot change this document type');
    if (input.metadataSchema) this.checkSchema(input.metadataSchema);
    const patch: Partial<CustomDocumentType> = {};
    for (const k of ['name', 'displayName', 'description', 'metadataSchema'] as const) if (input[k] !== undefined) (patch as Record<string, unknown>)[k] = input[k];
    const row = await this.deps.db
      .transaction(async (trx) => {
        const updated = await CustomDocumentType.query(trx).patchAndFetchById(t.id, { ...patch, updatedAt: new Date() });
        await this.deps.audit.recordFor(principal, { action: 'custom_document_type.updated', resourceType: 'custom_document_type', resourceId: t.id, details: { fields: Object.keys(patch).sort() } }, trx);
        return updated;
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name ?? '') : err;
      });
    return publicDocumentType(row);
  }

  /** Deletes a type no document uses (409 DOCUMENT_TYPE_IN_USE otherwise). */
  async remove(principal: Principal, id: string) {
    const t = await this.visible(principal, id);
    if (!(await this.canChange(principal, t))) throw ApiError.forbidden('You cannot delete this document type');
    await this.deps.db.transaction(async (trx) => {
      const used = await trx('custom_documents').where({ type_id: t.id }).first('id');
      if (used) throw ApiError.conflict('Documents of this type exist: delete or move them first', 'DOCUMENT_TYPE_IN_USE');
      await CustomDocumentType.query(trx).deleteById(t.id);
      await this.deps.audit.recordFor(principal, { action: 'custom_document_type.deleted', resourceType: 'custom_document_type', resourceId: t.id, details: { name: t.name } }, trx);
    });
  }

  /** PROJECT → COMPANY (admins). Promoting a COMPANY type is a no-op answer, not an error. */
  async promote(principal: Principal, id: string) {
    const t = await this.visible(principal, id);
    if (!isCompanyAdmin(principal)) throw ApiError.forbidden('Only company admins promote document types to company-wide');
    if (t.scope === 'COMPANY') return publicDocumentType(t);
    const row = await this.deps.db.transaction(async (trx) => {
      const updated = await CustomDocumentType.query(trx).patchAndFetchById(t.id, { scope: 'COMPANY', projectId: null, updatedAt: new Date() });
      await this.deps.audit.recordFor(principal, { action: 'custom_document_type.promoted', resourceType: 'custom_document_type', resourceId: t.id, details: { fromProjectId: t.projectId } }, trx);
      return updated;
    });
    return publicDocumentType(row);
  }
}
