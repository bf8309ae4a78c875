import { DocumentError } from './errors';
import {
  DOCUMENT_LIMITS,
  type DocumentOptions,
  type ExtractedDocument,
  type PdfExtraction,
  type PdfPageLayout,
  type RewrittenDocument,
  type Segment,
  type SegmentRewriter,
} from './types';

/**
 * PDF → Markdown, one "## Page N" block per page, read from pdf.js's operator list rather than
 * getTextContent() because only the operator list carries what makes text hidden: render mode,
 * fill colour and alpha, font size and the matrices that place each glyph.
 *
 * A glyph is hidden, in this order of precedence, when it is
 *   invisible  render mode 3 (neither fill nor stroke) or 7 (clip only), or fill alpha 0
 *   white      filled (modes 0, 2, 4, 6) in white (every channel ≥ 0xF5)
 *   tiny       effective size under 1.5 pt (font size × text matrix × CTM)
 *   off_page   its origin lies outside the page's view box
 * Hidden glyphs are dropped; each stretch of them becomes one "[Hidden text removed]" line and the
 * characters are counted per kind. Pictures become "[Image removed]".
 *
 * Scans: a page with pictures and no text is "left out with a marker" and listed in
 * pages_without_text. An OCR layer is invisible text over a page-sized picture: when at least 80% of
 * a page's characters are invisible and a picture covers the page, the invisible text is kept under
 * an OCR marker (it was not checked against the image) and the page is listed in ocr_pages. A PDF
 * with no readable text at all is refused (UNREADABLE_FILE, no_text_layer).
 *
 * Annotations (links), form fields, embedded files, JavaScript and metadata are not carried; they
 * are counted. Form field appearances are not rendered into the text (annotationMode DISABLE).
 */

export const MARKERS = {
  hidden: '[Hidden text removed]',
  image: '[Image removed]',
  scanned: '[Scanned page left out: it has no text layer]',
  empty: '[No text on this page]',
  ocr: "[OCR text: taken from the page's OCR layer and not checked against the page image]",
};

/** A picture covering at least this share of the page is "page-sized" (a scan). */
const PAGE_SIZED = 0.8;
/** The spec's OCR rule: at least 80% of the page's text is invisible text over a picture. */
const OCR_SHARE = 0.8;
const TINY_PT = 1.5;

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;

let pdfjsLoading: Promise<Pdfjs> | undefined;

/**
 * pdf.js is ESM-only; from our CommonJS code it is loaded with a dynamic import (tsc keeps import()
 * as is under nodenext; jest compiles pdfjs-dist to CommonJS, see jest.config.js). Its worker runs
 * on this thread: we load the worker module ourselves and hand it over as globalThis.pdfjsWorker,
 * which pdf.js's "fake worker" uses instead of importing a file by URL.
 */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjsLoading ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const workerModule: string = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    const g = globalThis as { pdfjsWorker?: unknown };
    g.pdfjsWorker ??= await import(workerModule);
    return pdfjs;
  })();
  return pdfjsLoading;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 × m2 in PDF's row-vector convention (apply m1 first, then m2). */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[1] * m2[2],
    m1[0] * m2[1] + m1[1] * m2[3],
    m1[2] * m2[0] + m1[3] * m2[2],
    m1[2] * m2[1] + m1[3] * m2[3],
    m1[4] * m2[0] + m1[5] * m2[2] + m2[4],
    m1[4] * m2[1] + m1[5] * m2[3] + m2[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];
}

function toMatrix(value: unknown): Matrix {
  if (value && typeof value === 'object' && 'length' in value) {
    const a = Array.from(value as ArrayLike<number>);
    if (a.length >= 6) return [a[0], a[1], a[2], a[3], a[4], a[5]];
  }
  return [...IDENTITY];
}

interface GraphicsState {
  ctm: Matrix;
  fill: [number, number, number];
  fillAlpha: number;
  transparentFill: boolean;
  renderMode: number;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  rise: number;
  leading: number;
}

type HiddenKind = 'invisible' | 'white' | 'tiny' | 'off_page';

interface Glyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

/**
 * Groups glyphs into lines by baseline, inserting spaces at gaps. Each line also keeps its cells:
 * runs of text split where the gap to the previous glyph is wider than COLUMN_GAP em (a space is
 * about a quarter em), with the x where each run starts; table detection reads them (tables.ts).
 */
const COLUMN_GAP = 1.2;

class LineBuilder {
  readonly lines: string[] = [];
  readonly layout: Array<{ y: number; cells: { x: number; text: string }[] }> = [];
  private current = '';
  private cells: { x: number; text: string }[] = [];
  private y = Number.NaN;
  private xEnd = Number.NaN;
  private size = 0;

  add(text: string, x: number, y: number, size: number, advance: number, isSpace: boolean) {
    const tolerance = Math.max(size, this.size) * 0.5;
    if (this.current === '' || Math.abs(y - this.y) > tolerance) {
      this.flush();
      if (isSpace) return;
      this.y = y;
      this.size = size;
      this.cells.push({ x, text: '' });
    } else if (!isSpace && x - this.xEnd > size * COLUMN_GAP) {
      if (!this.current.endsWith(' ')) this.current += ' ';
      this.cells.push({ x, text: '' });
    } else if (!isSpace && x - this.xEnd > size * 0.25 && !this.current.endsWith(' ')) {
      this.current += ' ';
      this.cells[this.cells.length - 1]!.text += ' ';
    }
    this.current += text;
    const cell = this.cells[this.cells.length - 1];
    if (cell && !(isSpace && cell.text === '')) cell.text += text;
    this.xEnd = x + advance;
  }

  flush() {
    const line = this.current.replace(/\s+$/, '');
    if (line.trim() !== '') {
      this.lines.push(line);
      const cells = this.cells.map((c) => ({ x: Math.round(c.x * 10) / 10, text: c.text.replace(/\s+/g, ' ').trim() })).filter((c) => c.text !== '');
      this.layout.push({ y: Math.round(this.y * 10) / 10, cells });
    }
    this.current = '';
    this.cells = [];
    this.y = Number.NaN;
  }

  get chars(): number {
    return this.lines.reduce((n, l) => n + l.replace(/\s/g, '').length, 0);
  }
}

type PageItem =
  | { kind: 'text'; lines: LineBuilder }
  | { kind: 'hidden'; hidden: HiddenKind; lines: LineBuilder; chars: number }
  | { kind: 'image'; coversPage: boolean; offPage: boolean; source: unknown };

interface PageResult {
  items: PageItem[];
}

function readPage(pdfjs: Pdfjs, fnArray: number[], argsArray: unknown[], view: number[], keepHidden = false): PageResult {
  const OPS = pdfjs.OPS;
  const [vx0, vy0, vx1, vy1] = [Math.min(view[0], view[2]), Math.min(view[1], view[3]), Math.max(view[0], view[2]), Math.max(view[1], view[3])];
  const pageArea = Math.max(1, (vx1 - vx0) * (vy1 - vy0));
  let gs: GraphicsState = {
    ctm: [...IDENTITY],
    fill: [0, 0, 0],
    fillAlpha: 1,
    transparentFill: false,
    renderMode: 0,
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    rise: 0,
    leading: 0,
  };
  const stack: GraphicsState[] = [];
  let tm: Matrix = [...IDENTITY];
  let tlm: Matrix = [...IDENTITY];
  const items: PageItem[] = [];
  let current: PageItem | null = null;
  const flushCurrent = () => {
    if (current && current.kind !== 'image') current.lines.flush();
  };

  const textItem = (): LineBuilder => {
    if (current?.kind !== 'text') {
      flushCurrent();
      current = { kind: 'text', lines: new LineBuilder() };
      items.push(current);
    }
    return current.lines;
  };
  const hiddenItem = (hidden: HiddenKind): PageItem & { kind: 'hidden' } => {
    if (current?.kind !== 'hidden' || current.hidden !== hidden) {
      flushCurrent();
      current = { kind: 'hidden', hidden, lines: new LineBuilder(), chars: 0 };
      items.push(current);
    }
    return current;
  };
  const moveText = (tx: number, ty: number) => {
    tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
    tm = [...tlm];
  };

  const show = (glyphs: unknown[]) => {
    const size = gs.fontSize;
    for (const g of glyphs) {
      if (typeof g === 'number') {
        // TJ adjustment in thousandths of text space; negative values move right.
        tm = multiply([1, 0, 0, 1, (-g / 1000) * size * gs.hScale, 0], tm);
        continue;
      }
      if (!g || typeof g !== 'object') continue;
      const glyph = g as Glyph;
      const unicode = glyph.unicode ?? '';
      const isSpace = glyph.isSpace === true || /^\s*$/.test(unicode);
      const m = multiply([size * gs.hScale, 0, 0, size, 0, gs.rise], multiply(tm, gs.ctm));
      const [x, y] = apply(m, 0, 0);
      const effective = Math.hypot(m[2], m[3]);
      const xScale = Math.hypot(m[0], m[1]) / Math.max(Math.abs(size * gs.hScale), 1e-9);
      const advanceText = ((glyph.width ?? 0) / 1000) * size + gs.charSpacing + (isSpace ? gs.wordSpacing : 0);
      const advance = advanceText * gs.hScale;
      tm = multiply([1, 0, 0, 1, advance, 0], tm);

      let hidden: HiddenKind | null = null;
      const fills = gs.renderMode === 0 || gs.renderMode === 2 || gs.renderMode === 4 || gs.renderMode === 6;
      if (gs.renderMode === 3 || gs.renderMode === 7 || gs.fillAlpha === 0 || (fills && gs.transparentFill)) hidden = 'invisible';
      else if (fills && gs.fill.every((c) => c >= 0xf5)) hidden = 'white';
      else if (effective < TINY_PT) hidden = 'tiny';
      else if (x < vx0 - 1 || x > vx1 + 1 || y < vy0 - 1 || y > vy1 + 1) hidden = 'off_page';

      if (hidden === null || keepHidden) {
        textItem().add(unicode, x, y, effective, advance * xScale, isSpace);
      } else if (!isSpace || current?.kind === 'hidden') {
        const item = hiddenItem(hidden);
        item.lines.add(unicode, x, y, effective, advance * xScale, isSpace);
        if (!isSpace) item.chars += unicode.replace(/\s/g, '').length || 1;
      }
    }
  };

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = (argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push({ ...gs, ctm: [...gs.ctm], fill: [...gs.fill] });
        break;
      case OPS.restore:
        gs = stack.pop() ?? gs;
        break;
      case OPS.transform:
        gs.ctm = multiply(toMatrix(args), gs.ctm);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...gs, ctm: [...gs.ctm], fill: [...gs.fill] });
        if (args[0]) gs.ctm = multiply(toMatrix(args[0]), gs.ctm);
        break;
      case OPS.paintFormXObjectEnd:
        gs = stack.pop() ?? gs;
        break;
      case OPS.beginText:
        tm = [...IDENTITY];
        tlm = [...IDENTITY];
        break;
      case OPS.setFont:
        gs.fontSize = Math.abs(Number(args[1]) || 0);
        break;
      case OPS.setTextRenderingMode:
        gs.renderMode = Number(args[0]) || 0;
        break;
      case OPS.setCharSpacing:
        gs.charSpacing = Number(args[0]) || 0;
        break;
      case OPS.setWordSpacing:
        gs.wordSpacing = Number(args[0]) || 0;
        break;
      case OPS.setHScale:
        gs.hScale = (Number(args[0]) || 100) / 100;
        break;
      case OPS.setTextRise:
        gs.rise = Number(args[0]) || 0;
        break;
      case OPS.setLeading:
        gs.leading = Number(args[0]) || 0;
        break;
      case OPS.setTextMatrix:
        tlm = toMatrix(args.length === 1 ? args[0] : args);
        tm = [...tlm];
        break;
      case OPS.moveText:
        moveText(Number(args[0]) || 0, Number(args[1]) || 0);
        break;
      case OPS.setLeadingMoveText:
        gs.leading = -(Number(args[1]) || 0);
        moveText(Number(args[0]) || 0, Number(args[1]) || 0);
        break;
      case OPS.nextLine:
        moveText(0, -gs.leading);
        break;
      case OPS.showText:
      case OPS.showSpacedText:
        show(Array.isArray(args[0]) ? (args[0] as unknown[]) : []);
        break;
      case OPS.setFillRGBColor:
        gs.fill = parseColour(args);
        gs.transparentFill = false;
        break;
      case OPS.setFillTransparent:
        gs.transparentFill = true;
        break;
      case OPS.setGState:
        for (const entry of (args[0] ?? []) as unknown[]) {
          if (!Array.isArray(entry)) continue;
          if (entry[0] === 'ca') gs.fillAlpha = Number(entry[1]);
          if (entry[0] === 'Font' && Array.isArray(entry[1])) gs.fontSize = Math.abs(Number(entry[1][1]) || gs.fontSize);
        }
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat:
      case OPS.paintImageMaskXObjectRepeat:
      case OPS.paintInlineImageXObjectGroup:
      case OPS.paintImageMaskXObjectGroup: {
        // The picture fills the unit square mapped by the CTM.
        const corners = [apply(gs.ctm, 0, 0), apply(gs.ctm, 1, 0), apply(gs.ctm, 0, 1), apply(gs.ctm, 1, 1)];
        const xs = corners.map((c) => c[0]);
        const ys = corners.map((c) => c[1]);
        const w = Math.max(0, Math.min(vx1, Math.max(...xs)) - Math.max(vx0, Math.min(...xs)));
        const h = Math.max(0, Math.min(vy1, Math.max(...ys)) - Math.max(vy0, Math.min(...ys)));
        flushCurrent();
        // The picture's object id (or, for inline images, the decoded image itself): handoff thumbnails read its pixels.
        current = { kind: 'image', coversPage: (w * h) / pageArea >= PAGE_SIZED, offPage: w * h <= 0, source: args[0] };
        items.push(current);
        break;
      }
    }
  }
  flushCurrent();
  return { items };
}

function parseColour(args: unknown[]): [number, number, number] {
  const first = args[0];
  if (typeof first === 'string' && /^#[0-9a-f]{6}$/i.test(first)) {
    return [Number.parseInt(first.slice(1, 3), 16), Number.parseInt(first.slice(3, 5), 16), Number.parseInt(first.slice(5, 7), 16)];
  }
  if (args.length >= 3) return [Number(args[0]), Number(args[1]), Number(args[2])].map((c) => (c <= 1 ? c * 255 : c)) as [number, number, number];
  return [0, 0, 0];
}

/**
 * The pixels of a painted picture, handed to the caller's onPdfImage (which re-encodes them and
 * answers a name, or null to remove the picture). pdf.js has decoded the picture already: RGB,
 * RGBA (a soft mask merged in) or 1-bit grey rows, which are widened to 8-bit grey here.
 */
async function thumbnailOf(
  page: { objs: PdfObjects; commonObjs: PdfObjects },
  source: unknown,
  pageNumber: number,
  onImage: NonNullable<DocumentOptions['onPdfImage']>,
): Promise<string | null> {
  const image = typeof source === 'string' ? await objectOf(source.startsWith('g_') ? page.commonObjs : page.objs, source) : source;
  const img = image as { width?: number; height?: number; kind?: number; data?: Uint8Array | Uint8ClampedArray } | null;
  if (!img?.data || !img.width || !img.height) return null;
  const { width, height } = img;
  let channels: 1 | 3 | 4;
  let data: Buffer;
  if (img.kind === 3 && img.data.length >= width * height * 4) {
    channels = 4;
    data = Buffer.from(img.data.buffer, img.data.byteOffset, width * height * 4);
  } else if (img.kind === 2 && img.data.length >= width * height * 3) {
    channels = 3;
    data = Buffer.from(img.data.buffer, img.data.byteOffset, width * height * 3);
  } else if (img.kind === 1) {
    channels = 1;
    const rowBytes = Math.ceil(width / 8);
    data = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) data[y * width + x] = img.data[y * rowBytes + (x >> 3)]! & (0x80 >> (x & 7)) ? 255 : 0;
    }
  } else return null;
  return onImage({ page: pageNumber, width, height, channels, data });
}

interface PdfObjects {
  get(id: string, callback: (data: unknown) => void): unknown;
}

/** A pdf.js object by id, once resolved (the operator list has been read, so it normally is). */
function objectOf(objs: PdfObjects, id: string): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5000);
    try {
      objs.get(id, (data) => {
        clearTimeout(timer);
        resolve(data);
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

interface PdfReading {
  text: string;
  segments: Segment[];
  extraction: PdfExtraction;
  pages?: PdfPageLayout[];
}

/** A picture's size without its bytes (document parsing's preview lists them). */
async function imageInfo(page: { objs: PdfObjects; commonObjs: PdfObjects }, source: unknown): Promise<PdfPageLayout['images'][number]> {
  const ref = typeof source === 'string' ? source : 'inline';
  const image = typeof source === 'string' ? await objectOf(source.startsWith('g_') ? page.commonObjs : page.objs, source) : source;
  const img = image as { width?: number; height?: number; data?: { length: number } } | null;
  return { ref, width: img?.width ?? 0, height: img?.height ?? 0, byteSize: img?.data?.length ?? 0 };
}

async function openPdf(pdfjs: Pdfjs, buffer: Buffer): Promise<PdfDocument> {
  // pdf.js takes ownership of (and may detach) the array it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(buffer),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    if ((err as { name?: string })?.name === 'PasswordException') throw DocumentError.encrypted('pdf');
    throw DocumentError.corrupt('pdf');
  }
}

const INFO_FIELDS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate', 'Trapped'];

async function readPdf(buffer: Buffer, opts: DocumentOptions): Promise<PdfReading> {
  if (!buffer.subarray(0, 1024).toString('latin1').includes('%PDF-')) throw DocumentError.corrupt('pdf');
  const pdfjs = await loadPdfjs();
  const doc = await openPdf(pdfjs, buffer);
  try {
    const maxPages = opts.maxPages ?? DOCUMENT_LIMITS.maxPages;
    if (doc.numPages > maxPages && !opts.readFirstPages) throw DocumentError.tooLarge('pages', `The PDF has more than ${maxPages} pages`);
    const lastPage = Math.min(doc.numPages, maxPages);
    const extraction: PdfExtraction = {
      hidden_chars: { invisible: 0, white: 0, tiny: 0, off_page: 0 },
      images_removed: 0,
      pages_without_text: [],
      ocr_pages: [],
      annotations: 0,
      form_fields: 0,
      embedded_files: 0,
      javascript: 0,
      metadata_fields: 0,
      page_count: doc.numPages,
    };
    let text = '';
    const segments: Segment[] = [];
    const pages: PdfPageLayout[] = [];
    let readable = 0;
    for (let n = 1; n <= lastPage; n++) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
      const { items } = readPage(pdfjs, ops.fnArray, ops.argsArray, page.view, opts.keepHidden);
      const layout: PdfPageLayout | null = opts.layout ? { page: n, lines: [], images: [] } : null;
      if (layout) {
        for (const it of items) {
          if (it.kind === 'text') layout.lines.push(...it.lines.layout);
          else if (it.kind === 'image') layout.images.push(await imageInfo(page, it.source));
        }
        pages.push(layout);
      }
      for (const annotation of (await page.getAnnotations()) as { subtype?: string; actions?: Record<string, unknown> }[]) {
        if (annotation.subtype === 'Widget') extraction.form_fields++;
        else if (annotation.subtype !== 'Popup') extraction.annotations++;
        if (annotation.actions) extraction.javascript += Object.keys(annotation.actions).length;
      }

      const visibleChars = items.reduce((s, it) => s + (it.kind === 'text' ? it.lines.chars : 0), 0);
      const invisibleChars = items.reduce((s, it) => s + (it.kind === 'hidden' && it.hidden === 'invisible' ? it.chars : 0), 0);
      const hiddenChars = items.reduce((s, it) => s + (it.kind === 'hidden' ? it.chars : 0), 0);
      const totalChars = visibleChars + hiddenChars;
      const hasPageImage = items.some((it) => it.kind === 'image' && it.coversPage);
      const ocr = hasPageImage && invisibleChars > 0 && invisibleChars >= OCR_SHARE * totalChars;

      const lines: ({ marker: string } | { line: string })[] = [];
      const marker = (m: string) => {
        const last = lines[lines.length - 1];
        if (!last || !('marker' in last) || last.marker !== m) lines.push({ marker: m });
      };
      if (ocr) {
        extraction.ocr_pages.push(n);
        marker(MARKERS.ocr);
      }
      for (const it of items) {
        if (it.kind === 'text') for (const line of it.lines.lines) lines.push({ line });
        else if (it.kind === 'image') {
          if (it.coversPage && (ocr || visibleChars === 0)) continue; // the scan itself: covered by the page marker
          // Protected handoff may re-encode a picture as a thumbnail: never on scanned or OCR pages, never off the page.
          const name = opts.onPdfImage && !ocr && visibleChars > 0 && !it.offPage ? await thumbnailOf(page, it.source, n, opts.onPdfImage) : null;
          if (name) {
            lines.push({ marker: `[Image: ${name}]` });
            continue;
          }
          extraction.images_removed++;
          marker(MARKERS.image);
        } else if (ocr && it.hidden === 'invisible') {
          for (const line of it.lines.lines) lines.push({ line });
        } else {
          extraction.hidden_chars[it.hidden] += it.chars;
          marker(MARKERS.hidden);
        }
      }
      page.cleanup();
      const hasText = visibleChars > 0 || ocr;
      if (!hasText) {
        extraction.pages_without_text.push(n);
        lines.unshift({ marker: items.some((it) => it.kind === 'image') ? MARKERS.scanned : MARKERS.empty });
      } else readable++;

      text += `${text ? '\n\n' : ''}## Page ${n}\n`;
      let lineIndex = 0;
      for (const entry of lines) {
        text += '\n';
        if ('marker' in entry) text += entry.marker;
        else {
          segments.push({ start: text.length, end: text.length + entry.line.length, location: { kind: 'line', page: n, line: lineIndex++ } });
          text += entry.line;
        }
      }
    }
    if (readable === 0) throw DocumentError.noTextLayer();

    const attachments = (await doc.getAttachments().catch(() => null)) as Record<string, unknown> | null;
    extraction.embedded_files = attachments ? Object.keys(attachments).length : 0;
    const js = (await doc.getJSActions().catch(() => null)) as Record<string, unknown[]> | null;
    if (js) for (const list of Object.values(js)) extraction.javascript += Array.isArray(list) ? list.length : 1;
    const meta = await doc.getMetadata().catch(() => null);
    const info = (meta?.info ?? {}) as Record<string, unknown>;
    extraction.metadata_fields = INFO_FIELDS.filter((k) => info[k] !== undefined && info[k] !== '').length;
    const custom = info.Custom as Record<string, unknown> | undefined;
    if (custom) extraction.metadata_fields += Object.keys(custom).length;
    return { text: `${text}\n`, segments, extraction, pages: opts.layout ? pages : undefined };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

export async function extractPdf(buffer: Buffer, opts: DocumentOptions): Promise<ExtractedDocument> {
  const { text, segments, extraction, pages } = await readPdf(buffer, opts);
  return { type: 'pdf', text, segments, extraction, ...(pages ? { pages } : {}) };
}

/** The sanitized document of a PDF is its Markdown with the rewritten lines in place. */
export async function rewritePdf(buffer: Buffer, opts: DocumentOptions, rewrite: SegmentRewriter): Promise<RewrittenDocument> {
  const { text, segments } = await readPdf(buffer, opts);
  let out = '';
  let at = 0;
  segments.forEach((s, index) => {
    out += text.slice(at, s.start) + rewrite(text.slice(s.start, s.end), s.location, index).replace(/\n/g, ' ');
    at = s.end;
  });
  out += text.slice(at);
  return { document: Buffer.from(out, 'utf8'), text: out };
}
