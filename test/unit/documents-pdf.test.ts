import { extractDocument, rewriteDocument, rewriterFromReplacements } from '../../domain/documents';
import { buildEncryptedPdf, buildPdf, buildScannedOnlyPdf, FIXTURE } from '../../bench/fixtures/documents';

describe('pdf', () => {
  test('Markdown per page; each kind of hidden text removed and counted; images, scans and OCR layers', async () => {
    const doc = await extractDocument(await buildPdf(), 'pdf');
    const f = FIXTURE;
    expect(doc.text).toContain('## Page 1');
    expect(doc.text).toContain('## Page 2');
    expect(doc.text).toContain('## Page 3');
    expect(doc.text).toContain(f.pdfVisible);
    expect(doc.text).toContain(`Email ${f.email}, phone ${f.phone}`);
    for (const hidden of [f.pdfInvisible, f.pdfWhite, f.pdfTiny, f.pdfOffPage]) expect(doc.text).not.toContain(hidden);
    expect(doc.text).toContain('[Hidden text removed]');
    expect(doc.text).toContain('[Image removed]');
    const e = doc.extraction!;
    expect(e.hidden_chars).toEqual({
      invisible: f.pdfInvisible.replace(/\s/g, '').length,
      white: f.pdfWhite.replace(/\s/g, '').length,
      tiny: f.pdfTiny.replace(/\s/g, '').length,
      off_page: f.pdfOffPage.replace(/\s/g, '').length,
    });
    expect(e.images_removed).toBe(1);
    expect(e.page_count).toBe(3);
    expect(e.pages_without_text).toEqual([2]);
    expect(e.ocr_pages).toEqual([3]);
    expect(e.annotations).toBe(1);
    expect(e.metadata_fields).toBeGreaterThanOrEqual(2);
    // The OCR layer is kept, under its marker, on page 3.
    const page3 = doc.text.slice(doc.text.indexOf('## Page 3'));
    expect(page3).toContain("[OCR text: taken from the page's OCR layer");
    expect(page3).toContain(f.pdfOcr);
    const page2 = doc.text.slice(doc.text.indexOf('## Page 2'), doc.text.indexOf('## Page 3'));
    expect(page2).toContain('[Scanned page left out');
    for (const s of doc.segments) expect(s.location.page).toBeGreaterThan(0);
  });

  test('rewrite gives the sanitized Markdown with stand-ins in place', async () => {
    const input = await buildPdf();
    const doc = await extractDocument(input, 'pdf');
    const replacements = [FIXTURE.person, 'Thomas Mueller'].flatMap((v) => {
      const out = [];
      for (let i = doc.text.indexOf(v); i >= 0; i = doc.text.indexOf(v, i + 1)) out.push({ start: i, end: i + v.length, replacement: 'Maria Koch' });
      return out;
    });
    const out = await rewriteDocument(input, 'pdf', {}, rewriterFromReplacements(doc, replacements));
    expect(out.document.toString('utf8')).toBe(out.text);
    expect(out.text).not.toContain(FIXTURE.person);
    expect(out.text).not.toContain('Thomas Mueller');
    expect(out.text).toContain('Contract between Maria Koch and Example GmbH');
    expect(out.text).toContain('Scanned letter from Maria Koch');
  });

  test('a PDF with no text layer, an encrypted PDF and a damaged PDF are refused with UNREADABLE_FILE', async () => {
    await expect(extractDocument(await buildScannedOnlyPdf(), 'pdf')).rejects.toMatchObject({ status: 422, code: 'UNREADABLE_FILE', reason: 'no_text_layer' });
    await expect(extractDocument(await buildEncryptedPdf(), 'pdf')).rejects.toMatchObject({ status: 422, code: 'UNREADABLE_FILE', reason: 'encrypted' });
    const good = await buildPdf({ textOnly: true });
    await expect(extractDocument(good.subarray(0, 400), 'pdf')).rejects.toMatchObject({ status: 422, code: 'UNREADABLE_FILE', reason: 'corrupt' });
    await expect(extractDocument(Buffer.from('not a pdf at all'), 'pdf')).rejects.toMatchObject({ status: 422, code: 'UNREADABLE_FILE' });
  });
});
