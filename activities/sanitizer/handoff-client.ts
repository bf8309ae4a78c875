import { SanitizerClient } from './client';

/**
 * The api's client for the sanitizer's protected-handoff routes (/api/v1/handoff/*). Same transport
 * and errors as SanitizerClient (SanitizerUnavailable, SanitizerRefused); the shapes are the
 * sanitizer's (api/sanitizer/handoff-routes.ts).
 */
export interface SealedVault {
  handoff_id: string;
  key_id: string;
  wrapped_key: string;
  ciphertext: string;
}

export interface HandoffExtraction {
  pageCount: number | null;
  hiddenTextRemoved: number | null;
  imagesRemoved: number | null;
  pagesWithoutText: number[] | null;
  ocrPages: number[] | null;
  activeContentRemoved: number | null;
  metadataRemoved: number | null;
  revisionsRemoved: number | null;
  commentsRemoved: number | null;
  formulasReplaced: number | null;
  hiddenPartsShown: number | null;
  imagesThumbnailed: number | null;
  keptAsText: boolean;
}

export interface ProtectCall {
  handoff_id: string;
  prompt: string;
  files: { document_type: string; document: string }[];
  profiles: string[];
  threshold: number;
  image_policy: 'THUMBNAIL' | 'STRIP';
  scope: { key_id: string | null; wrapped_salt: string | null };
  code_bumps: { fingerprint: string; attempt: number }[];
}

export interface ProtectAnswer {
  handoff_file: { name: string; media_type: string; base64: string };
  result_file_name: string;
  files: { name: string; mediaType: string; base64: string; extraction: HandoffExtraction }[];
  images: { name: string; mediaType: string; base64: string; sourceIndex: number; width: number; height: number }[];
  protected_counts: Record<string, number>;
  entries: { fingerprint: string; code: string; entity_type: string; attempt: number }[];
  vault: SealedVault;
  scope: { key_id: string; wrapped_salt: string | null; minted: boolean };
}

export interface HandoffRestoreAnswer {
  text: string;
  verdict: { status: 'clean' | 'withheld' | 'none' | 'malformed'; reason: string };
  replaced: number;
  distinct: number;
  expired_or_deleted: number;
  unrecognised: number;
  highlights: { start: number; end: number; kind: 'restored' | 'expired' | 'unrecognised'; entityType?: string }[];
  used_handoff_ids: string[];
}

export class HandoffSanitizerClient extends SanitizerClient {
  keys(): Promise<{ active_key_id: string; key_ids: string[] }> {
    return this.call('GET', '/api/v1/handoff/keys', undefined);
  }

  mintSalt(): Promise<{ key_id: string; wrapped_salt: string }> {
    return this.call('POST', '/api/v1/handoff/scope-salts', {});
  }

  protect(body: ProtectCall): Promise<ProtectAnswer> {
    return this.call('POST', '/api/v1/handoff/protect', body);
  }

  restore(text: string, vaults: SealedVault[]): Promise<HandoffRestoreAnswer> {
    return this.call('POST', '/api/v1/handoff/restore', { text, vaults });
  }
}
