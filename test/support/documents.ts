/**
 * Builders of test documents carrying personal data in every place a reader must look: a docx with
 * header, footer, footnote, endnote, text box, comment, a value split across runs and a tracked
 * deletion; an xlsx with two sheets, shared and inline strings, a formula, a plain and a rich-text
 * comment, a hidden sheet and a chart; CSVs; and a PDF with each kind of hidden text, an image, a scanned page and an OCR
 * layer page. The sanitizer's tests reuse them; FIXTURE lists the values each one carries.
 */
import * as zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument, type PDFFont, PDFName, type PDFPage, PDFString, rgb, StandardFonts } from 'pdf-lib';

export const FIXTURE = {
  person: 'Anna Schmidt',
  email: 'anna.schmidt@example.com',
  phone: '+49 30 12345678',
  iban: 'DE89370400440532013000',
  headerPerson: 'Jonas Becker',
  footerEmail: 'jonas.becker@example.org',
  footnotePerson: 'Petra Wagner',
  endnotePerson: 'Lukas Hoffmann',
  textBoxPhone: '+49 89 98765432',
  commentPerson: 'Miriam Keller',
  deletedPerson: 'Stefan Krause',
  author: 'Claudia Vogel',
  secondSheetPerson: 'Henrik Larsen',
  hiddenSheetPerson: 'Greta Lindqvist',
  /** xlsx: a rich-text note whose formatting splits the name over two runs. */
  noteSplitPerson: 'Werner Albrecht',
  chartTitle: 'Balances of Anna Schmidt',
  /** PDF: visible and each kind of hidden text. */
  pdfVisible: 'Contract between Anna Schmidt and Example GmbH',
  pdfInvisible: 'Invisible Karl Weber',
  pdfWhite: 'White Sabine Roth',
  pdfTiny: 'Tiny Otto Brandt',
  pdfOffPage: 'Offpage Erika Lang',
  pdfOcr: 'Scanned letter from Thomas Mueller about his account',
};

const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const para = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;

export interface DocxOptions {
  /** Body paragraphs after the built-in ones. */
  paragraphs?: string[];
  /** Leave out the built-in paragraphs (for the long document builder). */
  bodyOnly?: boolean;
}

/** A docx with text in the body (one name split over three runs with different formatting), a text
 * box, a table, a tracked deletion and insertion, header, footer, footnote, endnote and comment. */
export async function buildDocx(opts: DocxOptions = {}): Promise<Buffer> {
  const f = FIXTURE;
  const builtIn = opts.bodyOnly
    ? ''
    : // "Anna Schmidt" split as "An" (bold) + "na Sch" (italic) + "midt" — as Word does after edits.
      `<w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr><w:r><w:t xml:space="preserve">Customer: </w:t></w:r>` +
      `<w:r><w:rPr><w:b/></w:rPr><w:t>An</w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>na Sch</w:t></w:r>` +
      `<w:r><w:t>midt</w:t></w:r><w:r><w:t xml:space="preserve">, email </w:t></w:r>` +
      `<w:hyperlink r:id="rIdLink"><w:r><w:t>${esc(f.email)}</w:t></w:r></w:hyperlink>` +
      `<w:r><w:commentReference w:id="0"/></w:r>` +
      `<w:r><w:t xml:space="preserve"> &amp; phone </w:t></w:r><w:r><w:t>${esc(f.phone)}</w:t></w:r>` +
      `<w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:endnoteReference w:id="1"/></w:r></w:p>` +
      `<w:p><w:r><w:t xml:space="preserve">IBAN:</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>${f.iban}</w:t></w:r>` +
      `<w:del w:id="5" w:author="${esc(f.author)}" w:date="2024-01-01T00:00:00Z"><w:r><w:delText>${esc(f.deletedPerson)}</w:delText></w:r></w:del>` +
      `<w:ins w:id="6" w:author="${esc(f.author)}" w:date="2024-01-01T00:00:00Z"><w:r><w:t xml:space="preserve"> (verified)</w:t></w:r></w:ins></w:p>` +
      // A text box: DrawingML with a VML fallback, both holding the same text, as Word writes it.
      `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:docPr id="1" name="Text Box 1"/>` +
      `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx>` +
      `<w:txbxContent>${para(`Call ${f.textBoxPhone}`)}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic>` +
      `</wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox>` +
      `<w:txbxContent>${para(`Call ${f.textBoxPhone}`)}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback>` +
      `</mc:AlternateContent></w:r><w:r><w:t xml:space="preserve">Text box above.</w:t></w:r></w:p>` +
      `<w:tbl><w:tr><w:tc>${para('Name')}</w:tc><w:tc>${para(f.person)}</w:tc></w:tr></w:tbl>`;
  const body = builtIn + (opts.paragraphs ?? []).map(para).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS}><w:body>${body}<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/><w:footerReference w:type="default" r:id="rIdFooter"/></w:sectPr></w:body></w:document>`;
  const part = (root: string, inner: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:${root} ${W_NS}>${inner}</w:${root}>`;
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
      `<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>` +
      `<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>` +
      `<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>` +
      `<Override PartName="/word/endnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml"/>` +
      `<Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/>` +
      `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
      `</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
      `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>` +
      `</Relationships>`,
  );
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      rel('rIdHeader', 'header', 'header1.xml') +
      rel('rIdFooter', 'footer', 'footer1.xml') +
      rel('rIdFootnotes', 'footnotes', 'footnotes.xml') +
      rel('rIdEndnotes', 'endnotes', 'endnotes.xml') +
      rel('rIdComments', 'comments', 'comments.xml') +
      `<Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/>` +
      `</Relationships>`,
  );
  zip.file('word/document.xml', document);
  zip.file('word/header1.xml', part('hdr', para(`Prepared by ${f.headerPerson}`)));
  zip.file('word/footer1.xml', part('ftr', para(`Questions: ${f.footerEmail}`)));
  zip.file(
    'word/footnotes.xml',
    part(
      'footnotes',
      `<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>` +
        `<w:footnote w:id="1">${para(`Confirmed by ${f.footnotePerson}.`)}</w:footnote>`,
    ),
  );
  zip.file('word/endnotes.xml', part('endnotes', `<w:endnote w:id="1">${para(`Reviewed by ${f.endnotePerson}.`)}</w:endnote>`));
  zip.file(
    'word/comments.xml',
    part('comments', `<w:comment w:id="0" w:author="${esc(f.author)}" w:initials="CV">${para(`Ask ${f.commentPerson} to sign.`)}</w:comment>`),
  );
  zip.file(
    'docProps/core.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
      `<dc:creator>${esc(f.author)}</dc:creator><cp:lastModifiedBy>${esc(f.author)}</cp:lastModifiedBy></cp:coreProperties>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A docx of about `pages` pages (roughly 40 lines of text a page): paragraphs of ordinary prose
 * each carrying names, emails, phone numbers and IBANs, for the performance target. `language`
 * 'de' writes the same facts in German prose (German dates, addresses and phone grouping).
 */
export async function buildLongDocx(pages = 10, language: 'en' | 'de' = 'en'): Promise<Buffer> {
  const people = ['Anna Schmidt', 'Jonas Becker', 'Petra Wagner', 'Lukas Hoffmann', 'Miriam Keller', 'John Miller', 'Sarah Johnson'];
  const paragraphs: string[] = [];
  for (let i = 0; i < pages * 12; i++) {
    const p = people[i % people.length];
    const mail = `${p.toLowerCase().replace(' ', '.')}@example.com`;
    const phone = `+49 30 ${String(1000000 + i * 7919).slice(0, 7)}`;
    paragraphs.push(
      language === 'de'
        ? `${i + 1}. Am 12. März 2024 hat ${p} (${mail}, Telefon ${phone}) die Überweisung ` +
            `auf das Konto DE89370400440532013000 in Berlin bestätigt. Der Vertrag umfasst Lieferung, Installation und Wartung für das ` +
            `Büro in der Hauptstraße ${i + 1}, 10115 Berlin, und ${p} ist Ansprechpartner für Fragen zu Rechnungen.`
        : `${i + 1}. On 12 March 2024 ${p} (${mail}, phone ${phone}) confirmed the transfer ` +
            `to account DE89370400440532013000 in Berlin. The contract covers delivery, installation and support for the ` +
            `office at Hauptstrasse ${i + 1}, 10115 Berlin, and ${p} will be the contact for questions about invoices.`,
    );
  }
  return buildDocx({ paragraphs });
}

/** Two sheets (one with a formula and a note), a hidden third sheet, and a bar chart on sheet 1. */
export async function buildXlsx(): Promise<Buffer> {
  const f = FIXTURE;
  const wb = new ExcelJS.Workbook();
  wb.creator = f.author;
  const customers = wb.addWorksheet('Customers');
  customers.addRow(['Name', 'E-Mail', 'Telefon', 'IBAN', 'Balance']);
  customers.addRow([f.person, f.email, f.phone, f.iban, 10]);
  customers.addRow(['Jonas Becker', 'jonas.becker@example.org', '+49 89 1234567', 'DE44500105175407324931', 20]);
  customers.getCell('F2').value = { formula: 'A2&" (VIP)"', result: `${f.person} (VIP)` };
  customers.getCell('A3').note = `Call ${f.commentPerson} first`;
  // A rich-text note, "Werner Albrecht" split as "Wer" (bold) + "ner Albrecht", as Excel writes formatted notes.
  customers.getCell('B3').note = {
    texts: [
      { font: { bold: true }, text: `Ask ${f.noteSplitPerson.slice(0, 3)}` },
      { text: `${f.noteSplitPerson.slice(3)} today` },
    ],
  };
  const contacts = wb.addWorksheet('Contacts');
  contacts.addRow(['Vorname', 'Nachname', 'Adresse']);
  contacts.addRow(['Henrik', 'Larsen', 'Hauptstrasse 5, 10115 Berlin']);
  contacts.addRow([f.person, 'repeat', 'Anna Schmidt']);
  const hidden = wb.addWorksheet('Archive', { state: 'hidden' });
  hidden.addRow(['Name']);
  hidden.addRow([f.hiddenSheetPerson]);
  const base = Buffer.from(await wb.xlsx.writeBuffer());
  return addChart(base);
}

/** exceljs cannot write charts: add a drawing with a bar chart over Customers!A2:A3 / E2:E3 by hand. */
async function addChart(xlsx: Buffer): Promise<Buffer> {
  const f = FIXTURE;
  const zip = await JSZip.loadAsync(xlsx);
  const c = 'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const strCache = (values: string[]) =>
    `<c:strCache><c:ptCount val="${values.length}"/>${values.map((v, i) => `<c:pt idx="${i}"><c:v>${esc(v)}</c:v></c:pt>`).join('')}</c:strCache>`;
  zip.file(
    'xl/charts/chart1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace ${c}><c:chart>` +
      `<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>${esc(f.chartTitle)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>` +
      `<c:plotArea><c:layout/><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>` +
      `<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:strRef><c:f>Customers!$E$1</c:f>${strCache(['Balance'])}</c:strRef></c:tx>` +
      `<c:cat><c:strRef><c:f>Customers!$A$2:$A$3</c:f>${strCache([f.person, 'Jonas Becker'])}</c:strRef></c:cat>` +
      `<c:val><c:numRef><c:f>Customers!$E$2:$E$3</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="2"/><c:pt idx="0"><c:v>10</c:v></c:pt><c:pt idx="1"><c:v>20</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser>` +
      `<c:axId val="111"/><c:axId val="222"/></c:barChart>` +
      `<c:catAx><c:axId val="111"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:crossAx val="222"/></c:catAx>` +
      `<c:valAx><c:axId val="222"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:crossAx val="111"/></c:valAx>` +
      `</c:plotArea><c:plotVisOnly val="1"/></c:chart></c:chartSpace>`,
  );
  zip.file(
    'xl/drawings/drawing1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">` +
      `<xdr:twoCellAnchor><xdr:from><xdr:col>7</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
      `<xdr:to><xdr:col>14</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>16</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>` +
      `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
      `<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">` +
      `<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="rId1"/>` +
      `</a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`,
  );
  zip.file(
    'xl/drawings/_rels/drawing1.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="../charts/chart1.xml"/></Relationships>`,
  );
  const sheetRelsPath = 'xl/worksheets/_rels/sheet1.xml.rels';
  const existing = await zip.file(sheetRelsPath)?.async('string');
  const drawingRel = `<Relationship Id="rIdChartDrawing" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing1.xml"/>`;
  zip.file(
    sheetRelsPath,
    existing
      ? existing.replace('</Relationships>', `${drawingRel}</Relationships>`)
      : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${drawingRel}</Relationships>`,
  );
  const sheet = (await zip.file('xl/worksheets/sheet1.xml')!.async('string')).replace(
    /(<legacyDrawing\b|<\/worksheet>)/,
    `<drawing xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="rIdChartDrawing"/>$1`,
  );
  zip.file('xl/worksheets/sheet1.xml', sheet);
  const types = (await zip.file('[Content_Types].xml')!.async('string')).replace(
    '</Types>',
    `<Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>` +
      `<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>`,
  );
  zip.file('[Content_Types].xml', types);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A comma CSV with a quoted field holding the delimiter, a doubled quote and a line break. */
export function buildCsv(delimiter: ',' | ';' = ','): Buffer {
  const d = delimiter;
  const rows = [
    ['Name', 'E-Mail', 'Telefon', 'Notes'].join(d),
    [FIXTURE.person, FIXTURE.email, FIXTURE.phone, `"Prefers ""Anna""${d} not Ann"`].join(d),
    ['"Jonas Becker"', 'jonas.becker@example.org', '+49 89 1234567', `"Line one\nline two with ${FIXTURE.iban}"`].join(d),
  ];
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8');
}

/** A solid-colour RGB PNG (pdf-lib embeds PNG; building one by hand avoids an image library). */
export function buildPng(width: number, height: number, rgbColour: [number, number, number] = [200, 200, 200]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgbColour, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Text in a given render mode, written as raw operators (pdf-lib's drawText always fills). */
function drawTextInRenderMode(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size: number, mode: number) {
  const key = page.node.newFontDictionary(font.name, font.ref);
  const hex = font.encodeText(text).toString();
  page.node.addContentStream(
    page.doc.context.register(
      page.doc.context.flateStream(`q BT ${key.toString()} ${size} Tf ${mode} Tr 1 0 0 1 ${x} ${y} Tm ${hex} Tj ET Q\n`),
    ),
  );
}

export interface PdfOptions {
  /** Leave out the scanned and OCR pages. */
  textOnly?: boolean;
}

/**
 * Page 1: visible text, each kind of hidden text (render mode 3, white, 1 pt, off the page) and a
 * picture. Page 2: a scanned page (a page-sized picture, no text). Page 3: an OCR layer (a
 * page-sized picture with the text in render mode 3). Also a link annotation, document metadata.
 */
export async function buildPdf(opts: PdfOptions = {}): Promise<Buffer> {
  const f = FIXTURE;
  const doc = await PDFDocument.create();
  doc.setTitle(`Contract ${f.person}`);
  doc.setAuthor(f.author);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = await doc.embedPng(buildPng(40, 30));
  const p1 = doc.addPage([595, 842]);
  p1.drawText(f.pdfVisible, { x: 50, y: 780, size: 12, font });
  p1.drawText(`Email ${f.email}, phone ${f.phone}`, { x: 50, y: 760, size: 12, font });
  drawTextInRenderMode(p1, font, f.pdfInvisible, 50, 740, 12, 3);
  p1.drawText(f.pdfWhite, { x: 50, y: 720, size: 12, font, color: rgb(1, 1, 1) });
  p1.drawText(f.pdfTiny, { x: 50, y: 700, size: 1, font });
  p1.drawText(f.pdfOffPage, { x: 700, y: 680, size: 12, font });
  p1.drawImage(png, { x: 50, y: 560, width: 120, height: 90 });
  p1.drawText('End of page one.', { x: 50, y: 520, size: 12, font });
  // A link annotation (not carried, counted).
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [50, 500, 200, 515],
    A: { S: 'URI', URI: PDFString.of(`mailto:${f.email}`) },
  });
  p1.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  if (!opts.textOnly) {
    const scan = await doc.embedPng(buildPng(60, 85, [240, 240, 230]));
    const p2 = doc.addPage([595, 842]);
    p2.drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
    const p3 = doc.addPage([595, 842]);
    p3.drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
    drawTextInRenderMode(p3, font, f.pdfOcr, 60, 760, 12, 3);
  }
  return Buffer.from(await doc.save());
}

/** A PDF of only a scanned page: no text layer anywhere. */
export async function buildScannedOnlyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const scan = await doc.embedPng(buildPng(60, 85));
  const page = doc.addPage([595, 842]);
  page.drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

/**
 * A PDF whose trailer names a standard security handler with a user password we do not know: readers
 * must ask for a password (pdf.js: PasswordException), as for any password-protected PDF.
 */
export async function buildEncryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 300]).drawText('secret', { x: 20, y: 200, size: 12, font });
  const filler = (byte: number) => PDFString.of(String.fromCharCode(byte).repeat(32));
  const encrypt = doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -44, O: filler(65), U: filler(66) });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([PDFString.of('0123456789abcdef'), PDFString.of('0123456789abcdef')]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
