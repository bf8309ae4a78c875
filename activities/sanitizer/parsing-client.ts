import type { PdfExtraction } from '../../domain/documents';
import { SanitizerClient } from './client';

/**
 * The api's client for what document parsing asks the sanitizer (same transport and errors as
 * SanitizerClient): a detect_only read of a PDF, whose extraction counts are the protection
 * service's account of the hidden text, pictures and scans it removed; and inspect-headers for a
 * table's columns (sent as CSV).
 */
export interface InspectedColumn {
  column_name: string;
  column_index: number;
  suggested_entity_type: string | null;
  confidence: number | null;
}

export class ParsingSanitizerClient extends SanitizerClient {
  async pdfExtraction(pdf: Buffer): Promise<PdfExtraction | null> {
    const answer = await this.call<{ extraction?: PdfExtraction | null }>('POST', '/api/v1/sanitize', {
      document: pdf.toString('base64'),
      document_type: 'pdf',
      options: { mode: 'detect_only' },
    });
    return answer.extraction ?? null;
  }

  async inspectCsvHeaders(csv: string): Promise<InspectedColumn[]> {
    const answer = await this.call<{ columns: InspectedColumn[] }>('POST', '/api/v1/inspect-headers', { document: Buffer.from(csv, 'utf8').toString('base64'), document_type: 'csv' });
    return answer.columns ?? [];
  }
}
