import { z } from 'zod';
import { errorSchema, idParams } from '../schemas/common';
import {
  bindingBody,
  bindingParams,
  bindingSchema,
  documentBody,
  documentListQuery,
  documentPatch,
  documentSchema,
  documentTypeBody,
  documentTypePatch,
  documentTypeSchema,
} from '../schemas/custom-documents';
import { paginationSchema } from '../schemas/prompts';
import { type AuthRule, defineRoute } from './define';

/** Custom documents, document types and bindings (spec document 3: session cookie; every route of its table). */
const session: AuthRule = { accept: ['session'] };
const docNotFound = { description: 'DOCUMENT_NOT_FOUND', schema: errorSchema };
const typeNotFound = { description: 'DOCUMENT_TYPE_NOT_FOUND', schema: errorSchema };
const oneDoc = z.object({ success: z.literal(true), document: documentSchema });
const oneType = z.object({ success: z.literal(true), documentType: documentTypeSchema });
const tags = ['Custom documents'];

export const customDocumentRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/custom-documents',
    summary: 'List documents (filters typeId, tag, query)',
    tags,
    auth: session,
    query: documentListQuery,
    responses: { 200: { description: 'Documents', schema: z.object({ success: z.literal(true), documents: z.array(documentSchema), pagination: paginationSchema }) } },
    handler: async (ctx, { principal, query }) => ({ success: true, ...(await ctx.services.customDocuments.list(principal, query)) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/custom-documents',
    summary: "Create a document (metadata validated against its type's schema)",
    tags,
    auth: session,
    body: documentBody,
    responses: { 201: { description: 'Created', schema: oneDoc }, 400: { description: 'UNKNOWN_DOCUMENT_TYPE or INVALID_METADATA', schema: errorSchema } },
    async handler(ctx, { principal, body }) {
      const document = await ctx.services.customDocuments.create(principal, body);
      ctx.status = 201;
      return { success: true, document };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/custom-documents/:id',
    summary: 'One document',
    tags,
    auth: session,
    params: idParams,
    responses: { 200: { description: 'Document', schema: oneDoc }, 404: docNotFound },
    handler: async (ctx, { principal, params }) => ({ success: true, document: await ctx.services.customDocuments.get(principal, params.id) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/custom-documents/:id',
    summary: 'Change a document (its creator or a company admin)',
    tags,
    auth: session,
    params: idParams,
    body: documentPatch,
    responses: { 200: { description: 'Updated', schema: oneDoc }, 400: { description: 'INVALID_METADATA', schema: errorSchema }, 403: { description: 'Not the creator', schema: errorSchema }, 404: docNotFound },
    handler: async (ctx, { principal, params, body }) => ({ success: true, document: await ctx.services.customDocuments.update(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/custom-documents/:id',
    summary: 'Delete a document and its bindings',
    tags,
    auth: session,
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) }, 404: docNotFound },
    async handler(ctx, { principal, params }) {
      await ctx.services.customDocuments.remove(principal, params.id);
      return { success: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/custom-documents/:id/bindings',
    summary: 'The stored prompts a document is bound to',
    tags,
    auth: session,
    params: idParams,
    responses: { 200: { description: 'Bindings', schema: z.object({ success: z.literal(true), documentId: z.string(), bindings: z.array(bindingSchema) }) }, 404: docNotFound },
    handler: async (ctx, { principal, params }) => ({ success: true, ...(await ctx.services.customDocuments.bindings(principal, params.id)) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/custom-documents/:id/bindings',
    summary: 'Bind to a stored prompt: injected when it executes (prepend, append or placeholder)',
    tags,
    auth: session,
    params: idParams,
    body: bindingBody,
    responses: {
      201: { description: 'Bound', schema: z.object({ success: z.literal(true), binding: bindingSchema }) },
      400: { description: 'placeholder missing or misplaced', schema: errorSchema },
      403: { description: 'PROMPT_EDIT_FORBIDDEN', schema: errorSchema },
      404: { description: 'DOCUMENT_NOT_FOUND or PROMPT_NOT_FOUND', schema: errorSchema },
      409: { description: 'BINDING_EXISTS', schema: errorSchema },
    },
    async handler(ctx, { principal, params, body }) {
      const binding = await ctx.services.customDocuments.bind(principal, params.id, body);
      ctx.status = 201;
      return { success: true, binding };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/custom-documents/:id/bindings/:bindingId',
    summary: 'Remove a binding',
    tags,
    auth: session,
    params: bindingParams,
    responses: { 200: { description: 'Removed', schema: z.object({ success: z.literal(true) }) }, 404: { description: 'DOCUMENT_NOT_FOUND or BINDING_NOT_FOUND', schema: errorSchema } },
    async handler(ctx, { principal, params }) {
      await ctx.services.customDocuments.unbind(principal, params.id, params.bindingId);
      return { success: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/custom-document-types',
    summary: 'List document types (an array)',
    tags,
    auth: session,
    responses: { 200: { description: 'Types', schema: z.array(documentTypeSchema) } },
    handler: (ctx, { principal }) => ctx.services.documentTypes.list(principal),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/custom-document-types',
    summary: 'Create a document type (COMPANY: admins; PROJECT: project editors)',
    tags,
    auth: session,
    body: documentTypeBody,
    responses: { 201: { description: 'Created', schema: oneType }, 400: { description: 'Invalid metadataSchema or scope', schema: errorSchema }, 403: { description: 'Not allowed for this scope', schema: errorSchema }, 409: { description: 'Name taken', schema: errorSchema } },
    async handler(ctx, { principal, body }) {
      const documentType = await ctx.services.documentTypes.create(principal, body);
      ctx.status = 201;
      return { success: true, documentType };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/custom-document-types/:id',
    summary: 'One document type',
    tags,
    auth: session,
    params: idParams,
    responses: { 200: { description: 'Type', schema: oneType }, 404: typeNotFound },
    handler: async (ctx, { principal, params }) => ({ success: true, documentType: await ctx.services.documentTypes.get(principal, params.id) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/custom-document-types/:id',
    summary: 'Change name, displayName, description or metadataSchema',
    tags,
    auth: session,
    params: idParams,
    body: documentTypePatch,
    responses: { 200: { description: 'Updated', schema: oneType }, 403: { description: 'Not allowed', schema: errorSchema }, 404: typeNotFound },
    handler: async (ctx, { principal, params, body }) => ({ success: true, documentType: await ctx.services.documentTypes.update(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/custom-document-types/:id',
    summary: 'Delete a type no document uses',
    tags,
    auth: session,
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) }, 404: typeNotFound, 409: { description: 'DOCUMENT_TYPE_IN_USE', schema: errorSchema } },
    async handler(ctx, { principal, params }) {
      await ctx.services.documentTypes.remove(principal, params.id);
      return { success: true };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/custom-document-types/:id/promote',
    summary: 'Promote a PROJECT type to company-wide (company admins)',
    tags,
    auth: session,
    params: idParams,
    responses: { 200: { description: 'Promoted', schema: oneType }, 403: { description: 'Not a company admin', schema: errorSchema }, 404: typeNotFound },
    handler: async (ctx, { principal, params }) => ({ success: true, documentType: await ctx.services.documentTypes.promote(principal, params.id) }),
  }),
];
