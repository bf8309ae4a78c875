import { DocumentError } from './errors';
import type { DocumentOptions, ExtractedDocument, RewrittenDocument, SegmentRewriter } from './types';

// PDF reading lands in the next commit; until then PDFs are refused as unsupported.
export async function extractPdf(_buffer: Buffer, _opts: DocumentOptions): Promise<ExtractedDocument> {
  throw DocumentError.unsupported('pdf');
}
export async function rewritePdf(_b: Buffer, _o: DocumentOptions, _r: SegmentRewriter): Promise<RewrittenDocument> {
  throw DocumentError.unsupported('pdf');
}
