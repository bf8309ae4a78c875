import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { extractDocument, inspectHeaders, rewriteDocument, rewriterFromReplacements } from '../../domain/documents';
import { buildCsv, buildDocx, buildXlsx, FIXTURE } from '../../bench/fixtures/documents';

/** Replaces every occurrence of the given originals with stand-ins, via offsets over the text. */
function replaceAll(text: string, map: Record<string, string>) {
  const out: { start: number; end: number; replacement: string }[] = [];
  for (const [original, replacement] of Object.entries(map)) {
    for (let i = text.indexOf(original); i >= 0; i = text.indexOf(original, i + original.length)) {
      out.push({ start: i, end: i + original.length, replacement });
    }
  }
  return out;
}

async function unzipText(buffer: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(buffer);
  let all = '';
  for (const name of Object.keys(zip.files)) if (name.endsWith('.xml') || name.endsWith('.rels')) all += await zip.file(name)!.async('string');
  return all;
}

describe('docx', () => {
  test('every part is read: body with split runs, text box, table, header, footer, footnote, endnote, comment', async () => {
    const doc = await extractDocument(await buildDocx(), 'docx');
    const f = FIXTURE;
    for (const v of [f.person, f.email, f.phone, f.iban, f.headerPerson, f.footerEmail, f.footnotePerson, f.endnotePerson, f.textBoxPhone, f.commentPerson]) {
      expect(doc.text).toContain(v);
    }
    expect(doc.text).toContain(`Customer: ${f.person}, email ${f.email} & phone ${f.phone}`);
    expect(doc.text).toContain(`IBAN:\t${f.iban} (verified)`);
    expect(doc.text).not.toContain(f.deletedPerson); // tracked deletion is not carried
    const parts = new Set(doc.segments.map((s) => s.location.part));
    expect(parts).toEqual(new Set(['word/document.xml', 'word/header1.xml', 'word/footer1.xml', 'word/footnotes.xml', 'word/endnotes.xml', 'word/comments.xml']));
    for (const s of doc.segments) expect(doc.text.slice(s.start, s.end).length).toBeGreaterThan(0);
    const footer = doc.segments.find((s) => s.location.part === 'word/footer1.xml')!;
    expect(doc.text.slice(footer.start, footer.end)).toBe(`Questions: ${f.footerEmail}`);
  });

  test('rewrite puts stand-ins in place, keeps formatting runs, drops deletions and authors; the file reopens', async () => {
    const input = await buildDocx();
    const doc = await extractDocument(input, 'docx');
    const f = FIXTURE;
    const map: Record<string, string> = {
      [f.person]: 'Maria Koch',
      [f.email]: 'm.koch@example.net',
      [f.headerPerson]: 'Paul Braun',
      [f.footerEmail]: 'p.braun@example.net',
      [f.footnotePerson]: 'Eva Lorenz',
      [f.endnotePerson]: 'Tim Vogt',
      [f.textBoxPhone]: '+49 40 5550000',
      [f.commentPerson]: 'Ina Graf',
      [f.iban]: 'DE02120300000000202051',
    };
    const out = await rewriteDocument(input, 'docx', {}, rewriterFromReplacements(doc, replaceAll(doc.text, map)));
    const xml = await unzipText(out.document);
    for (const original of [...Object.keys(map), f.deletedPerson, f.author]) expect(xml).not.toContain(original);
    const again = await extractDocument(out.document, 'docx');
    expect(again.text).toBe(out.text);
    for (const standIn of Object.values(map)) expect(again.text).toContain(standIn);
    expect(again.text).toContain('Customer: Maria Koch, email m.koch@example.net & phone');
    // The split name went into the first (bold) run of the three; the other runs lost their letters.
    const body = await (await JSZip.loadAsync(out.document)).file('word/document.xml')!.async('string');
    expect(body).toContain('<w:r><w:rPr><w:b/></w:rPr><w:t>Maria Koch</w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t></w:t></w:r>');
    expect(body).toContain('<w:tab/>'); // fixed text untouched
    // Untouched parts are byte-identical.
    const before = await JSZip.loadAsync(input);
    const after = await JSZip.loadAsync(out.document);
    expect(await after.file('word/_rels/document.xml.rels')!.async('string')).toBe(await before.file('word/_rels/document.xml.rels')!.async('string'));
  });

  test('XML special characters are escaped in both directions', async () => {
    const input = await buildDocx({ bodyOnly: true, paragraphs: ['Tom & Jerry <tj@example.com>'] });
    const doc = await extractDocument(input, 'docx');
    expect(doc.text).toContain('Tom & Jerry <tj@example.com>');
    const out = await rewriteDocument(input, 'docx', {}, (t) => t.replace('Tom & Jerry', 'A<B> & "C"'));
    const body = await (await JSZip.loadAsync(out.document)).file('word/document.xml')!.async('string');
    expect(body).toContain('A&lt;B&gt; &amp; "C"');
    expect((await extractDocument(out.document, 'docx')).text).toContain('A<B> & "C" <tj@example.com>');
  });
});

describe('xlsx', () => {
  test('every sheet (hidden too), shared and inline strings, formula results, notes and the chart are read', async () => {
    const doc = await extractDocument(await buildXlsx(), 'xlsx');
    expect(doc.sheetNames).toEqual(['Customers', 'Contacts', 'Archive']);
    const cells = doc.segments.filter((s) => s.location.kind === 'cell');
    const email = cells.find((s) => doc.text.slice(s.start, s.end) === FIXTURE.email)!;
    expect(email.location).toMatchObject({ sheet: 'Customers', cell: 'B2', row: 1, column: 1, columnHeader: 'E-Mail', isHeader: false });
    expect(doc.text).toContain(FIXTURE.hiddenSheetPerson);
    expect(doc.text).toContain(`${FIXTURE.person} (VIP)`);
    expect(doc.text).toContain(FIXTURE.commentPerson);
    // A rich-text note: the text of its runs, joined, without the run markup.
    expect(doc.text).toContain(`Ask ${FIXTURE.noteSplitPerson} today`);
    expect(doc.text).not.toMatch(/<\/?(r|t|rPr)>/);
    expect(doc.text).toContain(FIXTURE.chartTitle);
    expect(doc.segments.some((s) => s.location.part === 'xl/charts/chart1.xml')).toBe(true);
  });

  test('rewrite is column-aware, keeps the chart, drops formulas, unhides; exceljs reopens it', async () => {
    const input = await buildXlsx();
    const doc = await extractDocument(input, 'xlsx');
    // Column rule: in the Contacts "Adresse" column the same text as a Customers name gets another stand-in.
    const out = await rewriteDocument(input, 'xlsx', {}, (text, loc) => {
      if (loc.kind === 'cell' && loc.columnHeader === 'Adresse' && text === FIXTURE.person) return 'Somewhere 1';
      return text
        .split(FIXTURE.person)
        .join('Maria Koch')
        .split(FIXTURE.email)
        .join('m.koch@example.net')
        .split(FIXTURE.hiddenSheetPerson)
        .join('Ida Nord')
        .split(FIXTURE.noteSplitPerson)
        .join('Olaf Ries');
    });
    const xml = await unzipText(out.document);
    expect(xml).not.toContain(FIXTURE.person);
    expect(xml).not.toContain(FIXTURE.email);
    expect(xml).not.toContain(FIXTURE.hiddenSheetPerson);
    expect(xml).not.toContain(FIXTURE.author);
    expect(xml).not.toContain(FIXTURE.noteSplitPerson.slice(3));
    // The rich-text note keeps its runs (the new text goes into them), not escaped markup.
    const comments = await (await JSZip.loadAsync(out.document)).file('xl/comments1.xml')!.async('string');
    expect(comments).not.toContain('&lt;');
    expect(comments.replace(/<[^>]+>/g, '')).toContain('Ask Olaf Ries today');
    const zip = await JSZip.loadAsync(out.document);
    expect(zip.file('xl/charts/chart1.xml')).not.toBeNull();
    expect(zip.file('xl/drawings/drawing1.xml')).not.toBeNull();
    const chart = await zip.file('xl/charts/chart1.xml')!.async('string');
    expect(chart).toContain('<c:v>Maria Koch</c:v>');
    expect(chart).toContain('<c:barChart>');
    expect(await zip.file('xl/workbook.xml')!.async('string')).not.toContain('state="hidden"');
    expect(await zip.file('xl/worksheets/sheet1.xml')!.async('string')).not.toContain('<f>');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(out.document as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Customers')!.getCell('A2').text).toBe('Maria Koch');
    expect(wb.getWorksheet('Customers')!.getCell('F2').text).toBe('Maria Koch (VIP)');
    expect(wb.getWorksheet('Contacts')!.getCell('A3').text).toBe('Maria Koch');
    expect(wb.getWorksheet('Contacts')!.getCell('C3').text).toBe('Somewhere 1');
    expect(wb.getWorksheet('Archive')!.state).toBe('visible');

    const again = await extractDocument(out.document, 'xlsx');
    expect(again.text).toBe(out.text);
    expect(doc.segments.length).toBe(again.segments.length);
  });

  test('inspect-headers suggests entity types from English and German headers', async () => {
    const res = await inspectHeaders(await buildXlsx(), 'xlsx');
    expect(res.sheet_names).toEqual(['Customers', 'Contacts', 'Archive']);
    expect(res.columns.map((c) => [c.column_name, c.column_index, c.suggested_entity_type])).toEqual([
      ['Name', 0, 'PERSON'],
      ['E-Mail', 1, 'EMAIL_ADDRESS'],
      ['Telefon', 2, 'PHONE_NUMBER'],
      ['IBAN', 3, 'IBAN'],
      ['Balance', 4, null],
    ]);
    expect(res.columns[0].confidence).toBeGreaterThan(0.9);
  });
});

describe('csv', () => {
  test.each([',', ';'] as const)('quoted fields, embedded newlines, delimiter %s', async (d) => {
    const input = buildCsv(d);
    const doc = await extractDocument(input, 'csv');
    const values = doc.segments.map((s) => doc.text.slice(s.start, s.end));
    expect(values).toContain(`Prefers "Anna"${d} not Ann`);
    expect(values).toContain(`Line one\nline two with ${FIXTURE.iban}`);
    const phone = doc.segments.find((s) => doc.text.slice(s.start, s.end) === FIXTURE.phone)!;
    expect(phone.location).toMatchObject({ row: 1, column: 2, columnHeader: 'Telefon', cell: 'C2' });
    const out = await rewriteDocument(input, 'csv', {}, (t, loc) =>
      loc.columnHeader === 'Name' && !loc.isHeader ? 'X "Y"' : t.replace(FIXTURE.iban, 'DE02120300000000202051'),
    );
    const csv = out.document.toString('utf8');
    expect(csv).toContain(`"X ""Y"""${d}${FIXTURE.email}`);
    expect(csv).toContain(`"Line one\nline two with DE02120300000000202051"`);
    expect(csv.endsWith('\r\n')).toBe(true);
    const again = await extractDocument(out.document, 'csv');
    expect(again.text).toBe(out.text);
  });

  test('inspect-headers on csv', async () => {
    const res = await inspectHeaders(buildCsv(';'), 'csv');
    expect(res.columns.map((c) => c.suggested_entity_type)).toEqual(['PERSON', 'EMAIL_ADDRESS', 'PHONE_NUMBER', null]);
    expect(res.sheet_names).toEqual([]);
  });
});

describe('plain text', () => {
  test('txt and md are one segment; json rewrites string literals and stays valid', async () => {
    const txt = await extractDocument(Buffer.from('Hello Anna Schmidt\nBerlin'), 'txt');
    expect(txt.segments).toEqual([{ start: 0, end: 25, location: { kind: 'text' } }]);
    const json = Buffer.from(JSON.stringify({ name: 'Anna Schmidt', contact: { email: 'anna@example.com' }, n: 5 }, null, 2));
    const doc = await extractDocument(json, 'json');
    expect(doc.segments.map((s) => [doc.text.slice(s.start, s.end), s.location.path])).toEqual([
      ['name', undefined],
      ['Anna Schmidt', 'name'],
      ['contact', undefined],
      ['email', undefined],
      ['anna@example.com', 'email'],
      ['n', undefined],
    ]);
    const out = await rewriteDocument(json, 'json', {}, (t) => (t === 'Anna Schmidt' ? 'Maria "Mia" Koch' : t));
    expect(JSON.parse(out.document.toString())).toEqual({ name: 'Maria "Mia" Koch', contact: { email: 'anna@example.com' }, n: 5 });
  });
});
