import type { DocumentTypeScope, MetadataField } from '../../domain/custom-documents';
import type { InjectionMode } from '../../domain/prompts/injection';
import { BaseModel } from './base';

/** A user-defined document type (spec document 3) with the metadata schema its documents follow. */
export class CustomDocumentType extends BaseModel {
  static override tableName = 'custom_document_types';
  static override jsonAttributes = ['metadataSchema'];

  id!: string;
  companyId!: string;
  name!: string;
  displayName!: string;
  description!: string | null;
  scope!: DocumentTypeScope;
  projectId!: string | null;
  metadataSchema!: MetadataField[];
  createdByUserId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}

/** A Markdown reference document, typed, injectable into stored prompts through bindings. */
export class CustomDocument extends BaseModel {
  static override tableName = 'custom_documents';
  static override jsonAttributes = ['metadata'];

  id!: string;
  companyId!: string;
  typeId!: string;
  name!: string;
  content!: string;
  metadata!: Record<string, unknown>;
  tags!: string[];
  createdByUserId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}

/** A document bound to a stored prompt: injected when the prompt executes. */
export class CustomDocumentBinding extends BaseModel {
  static override tableName = 'custom_document_bindings';

  id!: string;
  companyId!: string;
  documentId!: string;
  promptId!: string;
  injectionMode!: InjectionMode;
  placeholder!: string | null;
  position!: number;
  createdByUserId!: string | null;
  createdAt!: Date;
}
