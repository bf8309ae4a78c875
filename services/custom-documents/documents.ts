import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { Db } from '../../db/connection';
import { CustomDocument, CustomDocumentBinding } from '../../db/models/custom-document';
import { validateMetadata } from '../../domain/custom-documents';
import type { InjectionMode } from '../../domain/prompts/injection';
import { canEditPrompt } from '../../domain/prompts/visibility';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { PromptAccess } from '../prompts/access';
import { type DocumentTypeService, isCompanyAdmin } from './types';

/**
 * Custom documents (spec document 3): typed Markdown with metadata validated against the type's
 * schema, and tags; and their bindings to stored prompts (injected when the prompt executes, see
 * services/prompts/gateway-prompts.ts). A document is seen by whoever sees its type; it is changed
 * by its creator or a company admin. A binding changes what a prompt sends, so only someone who
 * may edit that prompt binds or unbinds it.
 */
export interface DocumentInput {
  typeId: string;
  name: string;
  content: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
}

export interface BindingInput {
  storedPromptId: string;
  injectionMode?: InjectionMode;
  placeholder?: string | null;
  position?: number;
}

export function publicDocument(d: CustomDocument) {
  return {
    id: d.id,
    typeId: d.typeId,
    name: d.name,
    content: d.content,
    metadata: d.metadata,
    tags: d.tags,
    createdByUserId: d.createdByUserId,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export function publicBinding(b: CustomDocumentBinding, promptPublicId: string | null) {
  return {
    id: b.id,
    documentId: b.documentId,
    storedPromptId: promptPublicId,
    injectionMode: b.injectionMode,
    placeholder: b.placeholder,
    position: b.position,
    createdByUserId: b.createdByUserId,
    createdAt: b.createdAt,
  };
}

const documentNotFound = () => ApiError.notFound('Document not found', 'DOCUMENT_NOT_FOUND');

export class CustomDocumentService {
  constructor(
    private readonly deps: {
      db: Db;
      audit: AuditService;
      types: DocumentTypeService;
      access: PromptAccess;
    },
  ) {}

  private async checkMetadata(principal: Principal, typeId: string, metadata: Record<string, unknown>) {
    const type = await this.deps.types.visible(principal, typeId).catch((err) => {
      if (err instanceof ApiError && err.status === 404) throw ApiError.badRequest(`Unknown document type ${typeId}`, [{ path: ['typeId'], message: 'unknown document type' }], 'UNKNOWN_DOCUMENT_TYPE');
      throw err;
    });
    const issues = validateMetadata(type.metadataSchema, metadata);
    if (issues.length) throw ApiError.badRequest(`Invalid metadata: ${issues.map((i) => i.message).join('; ')}`, issues, 'INVALID_METADATA');
    return type;
  }

  async list(principal: Principal, query: { typeId?: string; tag?: string; query?: string; limit: number; offset: number }) {
    const visibleTypes = (await this.deps.types.list(principal)).map((t) => t.id);
    const q = CustomDocument.query(this.deps.db).where({ company_id: principal.companyId }).whereIn('type_id', visibleTypes.length ? visibleTypes : ['00000000-0000-0000-0000-000000000000']);
    if (query.typeId) q.where({ type_id: isUuid(query.typeId) ? query.typeId : '00000000-0000-0000-0000-000000000000' });
    if (query.tag) q.whereRaw('? = ANY(tags)', [query.tag]);
    if (query.query) q.whereILike('name', `%${query.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const [rows, total] = await Promise.all([q.clone().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset), q.clone().resultSize()]);
    return { documents: rows.map(publicDocument), pagination: { total, limit: query.limit, offset: query.offset, hasMore: query.offset + rows.length < total } };
  }

  async visible(principal: Principal, id: string): Promise<CustomDocument> {
    const d = isUuid(id) ? await CustomDocument.query(this.deps.db).findOne({ id, company_id: principal.companyId }) : undefined;
    if (!d) throw documentNotFound();
    await this.deps.types.visible(principal, d.typeId).catch(() => {
      throw documentNotFound();
    });
    return d;
  }

  private async editable(principal: Principal, id: string): Promise<CustomDocument> {
    const d = await this.visible(principal, id);
    if (!isCompanyAdmin(principal) && d.createdByUserId !== principal.userId) throw ApiError.forbidden('Only the document creator or a company admin can change it');
    return d;
  }

  async get(principal: Principal, id: string) {
    return publicDocument(await this.visible(principal, id));
  }

  async create(principal: Principal, input: DocumentInput) {
    await this.checkMetadata(principal, input.typeId, input.metadata ?? {});
    const row = await this.deps.db.transaction(async (trx) => {
      const d = await CustomDocument.query(trx).insertAndFetch({
        companyId: principal.companyId,
        typeId: input.typeId,
        name: input.name,
        content: input.content,
        metadata: input.metadata ?? {},
        tags: input.tags ?? [],
        createdByUserId: principal.userId,
      });
      await this.deps.audit.recordFor(principal, { action: 'custom_document.created', resourceType: 'custom_document', resourceId: d.id, details: { name: d.name, typeId: d.typeId } }, trx);
      return d;
    });
    return publicDocument(row);
  }

  async update(principal: Principal, id: string, input: Partial<DocumentInput>) {
    const d = await this.editable(principal, id);
    const typeId = input.typeId ?? d.typeId;
    if (input.typeId !== undefined || input.metadata !== undefined) await this.checkMetadata(principal, typeId, input.metadata ?? d.metadata);
    const patch: Partial<CustomDocument> = {};
    for (const k of ['typeId', 'name', 'content', 'metadata', 'tags'] as const) if (input[k] !== undefined) (patch as Record<string, unknown>)[k] = input[k];
    const row = await this.deps.db.transaction(async (trx) => {
      const updated = await CustomDocument.query(trx).patchAndFetchById(d.id, { ...patch, updatedAt: new Date() });
      await this.deps.audit.recordFor(principal, { action: 'custom_document.updated', resourceType: 'custom_document', resourceId: d.id, details: { fields: Object.keys(patch).sort() } }, trx);
      return updated;
    });
    return publicDocument(row);
  }

  /** Deletes the document and its bindings (the prompts it was bound to stop injecting it). */
  async remove(principal: Principal, id: string) {
    const d = await this.editable(principal, id);
    await this.deps.db.transaction(async (trx) => {
      await CustomDocument.query(trx).deleteById(d.id);
      await this.deps.audit.recordFor(principal, { action: 'custom_document.deleted', resourceType: 'custom_document', resourceId: d.id, details: { name: d.name } }, trx);
    });
  }

  async bindings(principal: Principal, id: string) {
    const d = await this.visible(principal, id);
    const rows = await this.deps.db('custom_document_bindings as b').join('prompts as p', 'p.id', 'b.prompt_id').where('b.document_id', d.id).orderBy('b.created_at').select('b.id', 'p.prompt_id as public_id');
    const bindings = await CustomDocumentBinding.query(this.deps.db).whereIn('id', rows.map((r) => r.id)).orderBy('created_at');
    const ids = new Map(rows.map((r) => [r.id as string, r.public_id as string]));
    return { documentId: d.id, bindings: bindings.map((b) => publicBinding(b, ids.get(b.id) ?? null)) };
  }

  async bind(principal: Principal, id: string, input: BindingInput) {
    const d = await this.visible(principal, id);
    const viewer = await this.deps.access.viewerOf(principal);
    const prompt = await this.deps.access.visible(viewer, input.storedPromptId);
    if (!canEditPrompt(prompt, viewer)) throw ApiError.forbidden('Only the prompt owner or a company admin can bind documents to it', 'PROMPT_EDIT_FORBIDDEN');
    const mode = input.injectionMode ?? 'prepend';
    if (mode === 'placeholder' && !input.placeholder) throw ApiError.badRequest('injectionMode placeholder needs a placeholder (the {{name}} it fills)', [{ path: ['placeholder'], message: 'required for placeholder' }]);
    if (mode !== 'placeholder' && input.placeholder) throw ApiError.badRequest('placeholder applies to injectionMode placeholder only', [{ path: ['placeholder'], message: 'only for placeholder' }]);
    const row = await this.deps.db
      .transaction(async (trx) => {
        const b = await CustomDocumentBinding.query(trx).insertAndFetch({
          companyId: principal.companyId,
          documentId: d.id,
          promptId: prompt.id,
          injectionMode: mode,
          placeholder: input.placeholder ?? null,
          position: input.position ?? 0,
          createdByUserId: principal.userId,
        });
        await this.deps.audit.recordFor(principal, { action: 'custom_document.bound', resourceType: 'custom_document', resourceId: d.id, details: { promptId: prompt.promptId, injectionMode: mode } }, trx);
        return b;
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? ApiError.conflict('This document is already bound to that prompt', 'BINDING_EXISTS') : err;
      });
    return publicBinding(row, prompt.promptId);
  }

  async unbind(principal: Principal, id: string, bindingId: string) {
    const d = await this.visible(principal, id);
    const b = isUuid(bindingId) ? await CustomDocumentBinding.query(this.deps.db).findOne({ id: bindingId, document_id: d.id }) : undefined;
    if (!b) throw ApiError.notFound('Binding not found', 'BINDING_NOT_FOUND');
    const viewer = await this.deps.access.viewerOf(principal);
    const prompt = await this.deps.access.visible(viewer, b.promptId);
    if (!canEditPrompt(prompt, viewer)) throw ApiError.forbidden('Only the prompt owner or a company admin can unbind documents from it', 'PROMPT_EDIT_FORBIDDEN');
    await this.deps.db.transaction(async (trx) => {
      await CustomDocumentBinding.query(trx).deleteById(b.id);
      await this.deps.audit.recordFor(principal, { action: 'custom_document.unbound', resourceType: 'custom_document', resourceId: d.id, details: { promptId: prompt.promptId } }, trx);
    });
  }
}
