import { ApiError } from '../../lib/errors';

/**
 * Every way reading a document can fail, as the spec names it. A DocumentError is an ApiError, so a
 * service that lets it through answers the right 4xx in the spec's `{error, code, details?}` shape.
 * The document readers never let a raw library error (jszip, pdf.js, exceljs) escape: anything they
 * throw on a bad file is wrapped as UNREADABLE_FILE.
 *
 * - 400 UNSUPPORTED_DOCUMENT_TYPE  document_type is not one we read (spec: "400 invalid document_type")
 * - 400 EMPTY_DOCUMENT             zero bytes (spec: "400 ... empty document")
 * - 413 TOO_LARGE                  over the byte, page or unpacked-size limit (spec: handoff 413 TOO_LARGE)
 * - 422 UNREADABLE_FILE            corrupt, encrypted, or a PDF with no text layer at all
 *                                  (spec: handoff 422 UNREADABLE_FILE); details.reason tells which
 */
export type DocumentErrorCode = 'UNSUPPORTED_DOCUMENT_TYPE' | 'EMPTY_DOCUMENT' | 'TOO_LARGE' | 'UNREADABLE_FILE';
export type UnreadableReason = 'corrupt' | 'encrypted' | 'no_text_layer';

const STATUS: Record<DocumentErrorCode, number> = {
  UNSUPPORTED_DOCUMENT_TYPE: 400,
  EMPTY_DOCUMENT: 400,
  TOO_LARGE: 413,
  UNREADABLE_FILE: 422,
};

export class DocumentError extends ApiError {
  constructor(
    readonly documentCode: DocumentErrorCode,
    message: string,
    readonly reason?: UnreadableReason | 'bytes' | 'pages' | 'unpacked',
  ) {
    super(STATUS[documentCode], documentCode, message, reason ? { reason } : undefined);
    this.name = 'DocumentError';
  }

  static unsupported(type: string) {
    return new DocumentError(
      'UNSUPPORTED_DOCUMENT_TYPE',
      `Unsupported document_type "${type}"; expected one of docx, xlsx, csv, pdf, txt, md, json`,
    );
  }
  static empty() {
    return new DocumentError('EMPTY_DOCUMENT', 'The document is empty');
  }
  static tooLarge(what: 'bytes' | 'pages' | 'unpacked', message: string) {
    return new DocumentError('TOO_LARGE', message, what);
  }
  static corrupt(type: string) {
    return new DocumentError('UNREADABLE_FILE', `The ${type} document is damaged or not a ${type} file`, 'corrupt');
  }
  static encrypted(type: string) {
    return new DocumentError(
      'UNREADABLE_FILE',
      `The ${type} document is encrypted or password-protected; remove the protection and try again`,
      'encrypted',
    );
  }
  static noTextLayer() {
    return new DocumentError(
      'UNREADABLE_FILE',
      'The PDF has no text layer (a scan without OCR); nothing can be read from it',
      'no_text_layer',
    );
  }
}

/** Runs a reader and turns anything but a DocumentError into UNREADABLE_FILE (corrupt). */
export async function readingAs<T>(type: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    throw DocumentError.corrupt(type);
  }
}
