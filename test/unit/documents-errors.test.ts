import JSZip from 'jszip';
import { DocumentError, extractDocument, inspectHeaders, rewriteDocument } from '../../domain/documents';
import { openPackage } from '../../domain/documents/ooxml';
import { buildDocx, buildXlsx } from '../../bench/fixtures/documents';

/** An Office file saved with a password: an OLE compound file holding EncryptionInfo and EncryptedPackage. */
function encryptedOfficeFile(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  return Buffer.concat([header, Buffer.from('EncryptionInfo', 'utf16le'), Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(512)]);
}

describe('document errors', () => {
  test.each(['docx', 'xlsx'])('%s: damaged, encrypted, not a zip, missing main part', async (type) => {
    const good = type === 'docx' ? await buildDocx() : await buildXlsx();
    const cases: [Buffer, string][] = [
      [good.subarray(0, Math.floor(good.length / 2)), 'corrupt'],
      [encryptedOfficeFile(), 'encrypted'],
      [Buffer.from('just some text'), 'corrupt'],
    ];
    const emptyZip = new JSZip();
    emptyZip.file('[Content_Types].xml', '<Types/>');
    cases.push([await emptyZip.generateAsync({ type: 'nodebuffer' }), 'corrupt']);
    for (const [buffer, reason] of cases) {
      const err = await extractDocument(buffer, type).catch((e) => e);
      expect(err).toBeInstanceOf(DocumentError);
      expect(err).toMatchObject({ status: 422, code: 'UNREADABLE_FILE', reason });
      await expect(rewriteDocument(buffer, type, {}, (t) => t)).rejects.toMatchObject({ code: 'UNREADABLE_FILE', reason });
    }
  });

  test('oversized, empty and unsupported inputs', async () => {
    const docx = await buildDocx();
    await expect(extractDocument(docx, 'docx', { maxBytes: 1000 })).rejects.toMatchObject({ status: 413, code: 'TOO_LARGE', reason: 'bytes' });
    await expect(extractDocument(Buffer.alloc(16 * 1024 * 1024, 0x41), 'txt')).rejects.toMatchObject({ status: 413, code: 'TOO_LARGE' });
    await expect(extractDocument(Buffer.alloc(0), 'csv')).rejects.toMatchObject({ status: 400, code: 'EMPTY_DOCUMENT' });
    await expect(extractDocument(docx, 'pptx')).rejects.toMatchObject({ status: 400, code: 'UNSUPPORTED_DOCUMENT_TYPE' });
    await expect(inspectHeaders(docx, 'docx')).rejects.toMatchObject({ status: 400, code: 'UNSUPPORTED_DOCUMENT_TYPE' });
    await expect(inspectHeaders(Buffer.from('garbage'), 'xlsx')).rejects.toMatchObject({ status: 422, code: 'UNREADABLE_FILE' });
  });

  test('a zip bomb is refused before it is unpacked', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', 'a'.repeat(3 * 1024 * 1024));
    const buffer = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    await expect(openPackage(buffer, 'docx', 1024 * 1024)).rejects.toMatchObject({ status: 413, code: 'TOO_LARGE', reason: 'unpacked' });
  });
});
