import JSZip from 'jszip';
import { FIXTURE, buildCsv, buildScannedOnlyPdf, buildXlsx } from '../../bench/fixtures/documents';
import { HANDOFF_FIXTURE, buildExifJpeg, buildHandoffDocx, buildHandoffPdf } from '../../bench/fixtures/handoff';
import { findCodes } from '../../domain/shield';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Protected handoff through the api, the sanitizer process, PostgreSQL and Temporal (spec document
 * 2, "Protected handoff"). A retention day lasts one second here (SHIELD_RETENTION_DAY_SECONDS), so
 * expiry, extension, KEEP and the leaver rule run in seconds.
 */
type Json = Record<string, unknown>;
interface Created {
  handoffId: string;
  expiresAt: string | null;
  handoffFile: { name: string; mediaType: string; base64: string };
  files: { name: string; mediaType: string; base64: string; extraction: Json & { keptAsText: boolean } }[];
  images: { name: string; mediaType: string; base64: string; sourceIndex: number; width: number; height: number }[];
  protectedCounts: Record<string, number>;
  resultFileName: string;
}
interface Restored {
  text: string;
  verdict: { status: string; reason: string };
  replaced: number;
  distinct: number;
  expiredOrDeleted: number;
  unrecognised: number;
  highlights: { start: number; end: number; kind: string; entityType?: string }[];
}

let stack: Stack;
let company: TestCompany;
let admin: string;
let member: { userId: string; email: string; password: string; token: string };
const logs: string[] = [];

const b64 = (b: Buffer) => b.toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function memberOf(companyId: string, role: 'MEMBER' | 'ADMIN' = 'MEMBER') {
  const u = await stack.addUser(companyId, role);
  return { ...u, token: await stack.login(u.email, u.password) };
}

async function settings(token: string, body: Json) {
  const res = await stack.http('PUT', '/api/shield/handoff/settings', { token, body });
  expect(res.status).toBe(200);
}

async function create(token: string, body: Json) {
  try {
    return await stack.http<Created & Json>('POST', '/api/shield/handoff', { token, body });
  } catch {
    // A pooled socket the server closed for idleness can reset under a multi-megabyte upload; once more on a new one.
    return stack.http<Created & Json>('POST', '/api/shield/handoff', { token, body, headers: { connection: 'close' } });
  }
}

function restore(token: string, text: string) {
  return stack.http<Restored & Json>('POST', '/api/shield/handoff/restore', { token, body: { text } });
}

/** Every byte a handoff returns, decoded: files (docx/xlsx unzipped part by part), the handoff file, image bytes. */
async function everyReturnedText(c: Created): Promise<string[]> {
  const out = [Buffer.from(c.handoffFile.base64, 'base64').toString('utf8'), JSON.stringify({ ...c, files: undefined, images: undefined, handoffFile: undefined })];
  for (const f of c.files) {
    const bytes = Buffer.from(f.base64, 'base64');
    out.push(bytes.toString('latin1'));
    if (/\.(docx|xlsx)$/.test(f.name)) {
      const zip = await JSZip.loadAsync(bytes);
      for (const name of Object.keys(zip.files)) {
        const part = await zip.files[name]!.async('nodebuffer');
        out.push(part.toString('utf8'), part.toString('latin1'), part.toString('utf16le'), name);
      }
    } else out.push(bytes.toString('utf8'));
  }
  for (const i of c.images) {
    const bytes = Buffer.from(i.base64, 'base64');
    out.push(bytes.toString('latin1'), bytes.toString('utf16le'));
  }
  return out;
}

const ORIGINALS = [
  FIXTURE.person,
  FIXTURE.email,
  FIXTURE.phone,
  FIXTURE.iban,
  FIXTURE.headerPerson,
  FIXTURE.footerEmail,
  FIXTURE.footnotePerson,
  FIXTURE.endnotePerson,
  FIXTURE.textBoxPhone,
  FIXTURE.commentPerson,
  FIXTURE.deletedPerson,
  FIXTURE.author,
  FIXTURE.secondSheetPerson,
  FIXTURE.hiddenSheetPerson,
  'Karl Weber',
  'Sabine Roth',
  'Otto Brandt',
  'Erika Lang',
  'Thomas Mueller',
  HANDOFF_FIXTURE.hiddenPerson,
  HANDOFF_FIXTURE.photoAuthor,
  HANDOFF_FIXTURE.photoTrailer,
  HANDOFF_FIXTURE.pngComment,
  'Konstantin Wirth',
];

beforeAll(async () => {
  stack = await startStack({
    sanitizer: true,
    worker: true,
    captureLogs: logs,
    env: { SHIELD_RETENTION_DAY_SECONDS: '1', SHIELD_LEAVER_SWEEP_SECONDS: '1', SHIELD_MAX_LIVE_STAND_INS: '150' },
  });
  company = await stack.createCompany({ packageName: 'professional', withSimulator: false });
  admin = await stack.login(company.adminEmail, company.adminPassword);
  member = await memberOf(company.companyId);
  // Thirty one-second days: long enough for the flows below; retention tests use their own company.
  await settings(admin, { defaultDays: 30 });
  const s = await stack.http('PUT', '/api/shield/sensitivity', { token: admin, body: { handoffImagePolicy: 'THUMBNAIL' } });
  expect(s.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('a handoff of every file type', () => {
  let created: Created;
  const prompt = `Summarise the attached contract for ${FIXTURE.person} and write to ${FIXTURE.email}. Her IBAN is ${FIXTURE.iban}.`;

  beforeAll(async () => {
    const docx = await buildHandoffDocx();
    const xlsx = await buildXlsx();
    const pdf = await buildHandoffPdf();
    const res = await create(member.token, {
      prompt,
      files: [
        { documentType: 'pdf', base64: b64(pdf) },
        { documentType: 'docx', base64: b64(docx) },
        { documentType: 'xlsx', base64: b64(xlsx) },
        { documentType: 'csv', base64: b64(buildCsv()) },
        { documentType: 'txt', base64: b64(Buffer.from(`Call ${FIXTURE.person} on ${FIXTURE.phone}.`)) },
        { documentType: 'md', base64: b64(Buffer.from(`# Notes\n\n- ${FIXTURE.headerPerson} <${FIXTURE.footerEmail}>`)) },
        { documentType: 'json', base64: b64(Buffer.from(JSON.stringify({ customer: FIXTURE.person, iban: FIXTURE.iban }))) },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    created = res.body;
  }, 120_000);

  test('files are renamed, PDFs become Markdown, Word and Excel are rebuilt in place', () => {
    expect(created.handoffFile.name).toBe(`prompt-${created.handoffId}.md`);
    expect(created.resultFileName).toBe(`result-${created.handoffId}.md`);
    expect(created.files.map((f) => f.name)).toEqual([
      'attachment-1.md',
      'attachment-2.docx',
      'attachment-3.xlsx',
      'attachment-4.csv',
      'attachment-5.txt',
      'attachment-6.md',
      'attachment-7.json',
    ]);
    expect(created.files.every((f) => f.extraction.keptAsText === false)).toBe(true);
    const file = Buffer.from(created.handoffFile.base64, 'base64').toString('utf8');
    expect(file).toContain('GATEHOUSE-CHECK: CLEAN');
    expect(file).toContain(created.resultFileName);
    for (const f of created.files) expect(file).toContain(f.name);
    expect(created.protectedCounts.PERSON).toBeGreaterThan(5);
  });

  test('no original value appears in any returned byte (decoded and unzipped)', async () => {
    const texts = (await everyReturnedText(created)).map((t) => t.toLowerCase());
    for (const value of ORIGINALS) {
      const hits = texts.filter((t) => t.includes(value.toLowerCase()));
      expect({ value, hits: hits.length }).toEqual({ value, hits: 0 });
    }
  });

  test('the extraction reports what was not carried', () => {
    const [pdf, docx, xlsx, csv] = created.files;
    expect(pdf!.extraction).toMatchObject({ pageCount: 4, pagesWithoutText: [2], ocrPages: [3], imagesThumbnailed: 2, revisionsRemoved: 0 });
    expect(pdf!.extraction.hiddenTextRemoved).toBeGreaterThan(40);
    expect(pdf!.extraction.imagesRemoved).toBe(1); // the 10 px icon
    expect(pdf!.extraction.activeContentRemoved).toBeGreaterThanOrEqual(1); // the mailto: link
    expect(pdf!.extraction.metadataRemoved).toBeGreaterThan(0);
    const md = Buffer.from(pdf!.base64, 'base64').toString('utf8');
    expect(md).toContain('[Hidden text removed]');
    expect(md).toContain('[Scanned page left out: it has no text layer]');
    expect(md).toContain("[OCR text: taken from the page's OCR layer and not checked against the page image]");
    expect(md).toContain('[Image: attachment-1-image-1.jpg]');
    expect(md).toContain('[Image removed]');
    expect(docx!.extraction).toMatchObject({ pageCount: null, imagesThumbnailed: 2, imagesRemoved: 0, commentsRemoved: 1, revisionsRemoved: 2 });
    expect(docx!.extraction.hiddenTextRemoved).toBe(HANDOFF_FIXTURE.hiddenPerson.replace(/\s/g, '').length);
    expect(xlsx!.extraction).toMatchObject({ formulasReplaced: 1, hiddenPartsShown: 1, pageCount: null });
    expect(csv!.extraction).toMatchObject({ pageCount: null, hiddenTextRemoved: null, keptAsText: false });
  });

  test('the rebuilt docx carries no comments, revisions, hidden runs or original pictures; the xlsx no formulas and no hidden sheet', async () => {
    const docx = await JSZip.loadAsync(Buffer.from(created.files[1]!.base64, 'base64'));
    const names = Object.keys(docx.files);
    expect(names.filter((n) => /comments|media\//.test(n))).toEqual([]);
    const body = await docx.file('word/document.xml')!.async('string');
    expect(body).not.toMatch(/<w:(del|ins|vanish|commentReference|hyperlink|instrText)\b|<pic:pic|r:embed=|<v:imagedata/);
    expect(body).toContain('[Image: attachment-2-image-1.jpg]');
    expect(body).toContain('[Image: attachment-2-image-2.png]');
    expect(body).toMatch(/\[PER-[0-9A-Z]{7}\]/);
    const header = await docx.file('word/header1.xml')!.async('string');
    expect(header).toMatch(/Prepared by .+ \[PER-[0-9A-Z]{7}\]/);
    const xlsx = await JSZip.loadAsync(Buffer.from(created.files[2]!.base64, 'base64'));
    const sheet1 = await xlsx.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet1).not.toMatch(/<f[\s>]/);
    expect(await xlsx.file('xl/workbook.xml')!.async('string')).not.toMatch(/state="hidden"/);
    expect(Object.keys(xlsx.files).some((n) => n.startsWith('xl/charts/'))).toBe(true);
  });

  test('thumbnails are new JPEG/PNG files without EXIF, GPS, colour profile or trailing data', async () => {
    const original = await buildExifJpeg();
    // The photo that went in carries all of it.
    expect(original.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(true);
    expect(original.includes(Buffer.from('ICC_PROFILE', 'latin1'))).toBe(true);
    expect(original.includes(Buffer.from(HANDOFF_FIXTURE.photoAuthor, 'latin1'))).toBe(true);
    expect(created.images.map((i) => [i.name, i.mediaType, i.sourceIndex])).toEqual([
      ['attachment-1-image-1.jpg', 'image/jpeg', 0],
      ['attachment-1-image-2.jpg', 'image/jpeg', 0],
      ['attachment-2-image-1.jpg', 'image/jpeg', 1],
      ['attachment-2-image-2.png', 'image/png', 1],
    ]);
    for (const image of created.images) {
      const bytes = Buffer.from(image.base64, 'base64');
      expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
      expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(512);
      if (image.mediaType === 'image/jpeg') {
        expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
        expect(bytes.subarray(-2).toString('hex')).toBe('ffd9'); // nothing after the end marker
        const markers = jpegMarkers(bytes);
        expect(markers.filter((m) => m === 0xe1 || m === 0xe2 || m === 0xed || m === 0xfe)).toEqual([]); // APP1 EXIF/XMP, APP2 ICC, APP13, comment
        expect(bytes.includes(Buffer.from('Exif', 'latin1'))).toBe(false);
        expect(bytes.includes(Buffer.from('GPS', 'latin1'))).toBe(false);
      } else {
        const chunks = pngChunks(bytes);
        expect(chunks.at(-1)).toBe('IEND');
        expect(chunks.filter((c) => ['iCCP', 'eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME'].includes(c))).toEqual([]);
        const iend = bytes.lastIndexOf(Buffer.from('IEND', 'latin1'));
        expect(bytes.length).toBe(iend + 8); // IEND, its CRC, nothing after
      }
    }
  });

  test('a pasted answer gets every original back, with highlights in order and never overlapping', async () => {
    const md = Buffer.from(created.files[0]!.base64, 'base64').toString('utf8');
    const file = Buffer.from(created.handoffFile.base64, 'base64').toString('utf8');
    // An answer that quotes stand-ins from the prompt and the PDF, one in another case and spacing.
    const promptPart = file.split('## Prompt')[1]!;
    const person = /for (.+? \[PER-[0-9A-Z]{7}\])/.exec(promptPart)![1]!;
    const email = /to (\S+ \[EML-[0-9A-Z]{7}\])/.exec(promptPart)![1]!;
    const iban = /IBAN is (.+? \[IBN-[0-9A-Z]{7}\])/.exec(promptPart)![1]!;
    const pdfPerson = /Contract between (.+? \[PER-[0-9A-Z]{7}\])/.exec(md)![1]!;
    expect(pdfPerson).toBe(person); // the same value has the same stand-in in every part of the handoff
    const answer = [
      'GATEHOUSE-CHECK: CLEAN',
      `Summary: ${pdfPerson} signed; contact ${email}. 🙂 Account ${iban.replace(/\[([A-Z]+)-/, '[ $1 - ').toLowerCase()}.`,
      `Again: ${person}.`,
    ].join('\n');
    const res = await restore(member.token, answer);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const r = res.body;
    expect(r.verdict.status).toBe('clean');
    expect(r.text).toContain(`Summary: ${FIXTURE.person} signed; contact ${FIXTURE.email}.`);
    expect(r.text).toContain(`Account ${FIXTURE.iban}.`);
    expect(r.text).toContain(`Again: ${FIXTURE.person}.`);
    expect(findCodes(r.text)).toEqual([]);
    expect(r.replaced).toBe(4);
    expect(r.distinct).toBe(3);
    expect(r.expiredOrDeleted).toBe(0);
    expect(r.highlights.map((h) => r.text.slice(h.start, h.end))).toEqual([FIXTURE.person, FIXTURE.email, FIXTURE.iban, FIXTURE.person]);
    expect(r.highlights.map((h) => h.entityType)).toEqual(['PERSON', 'EMAIL_ADDRESS', 'IBAN', 'PERSON']);
    for (let i = 1; i < r.highlights.length; i++) expect(r.highlights[i]!.start).toBeGreaterThanOrEqual(r.highlights[i - 1]!.end);
    // The emoji before the IBAN is two UTF-16 units: offsets are UTF-16, as JavaScript strings count.
    expect(r.text.slice(r.highlights[2]!.start - 11, r.highlights[2]!.start)).toBe('🙂 Account ');
  });

  test('the returned result file and the check line: withheld, none, malformed; invented codes', async () => {
    const withheld = await restore(member.token, 'GATEHOUSE-CHECK: WITHHELD the PDF told me to mail the data out\n');
    expect(withheld.body.verdict).toMatchObject({ status: 'withheld' });
    expect((await restore(member.token, 'No check line here.')).body.verdict.status).toBe('none');
    expect((await restore(member.token, 'Intro\nGATEHOUSE-CHECK: CLEAN')).body.verdict.status).toBe('malformed');
    expect((await restore(member.token, 'GATEHOUSE-CHECK: PERHAPS')).body.verdict.status).toBe('malformed');
    const invented = await restore(member.token, 'GATEHOUSE-CHECK: CLEAN\nAsk Max [PER-0000000] now.');
    expect(invented.body).toMatchObject({ replaced: 0, unrecognised: 1 });
    expect(invented.body.highlights).toEqual([{ start: 31, end: 44, kind: 'unrecognised' }]);
  });

  test('another user’s handoff behaves as nonexistent, admins included', async () => {
    const other = await memberOf(company.companyId);
    for (const token of [other.token, admin]) {
      expect((await stack.http('GET', `/api/shield/handoff/${created.handoffId}`, { token })).status).toBe(404);
      expect((await stack.http('PATCH', `/api/shield/handoff/${created.handoffId}`, { token, body: { retention: 'KEEP' } })).status).toBe(404);
      expect((await stack.http('DELETE', `/api/shield/handoff/${created.handoffId}`, { token })).status).toBe(404);
      const list = await stack.http<{ handoffs: Json[] }>('GET', '/api/shield/handoff', { token });
      expect(list.body.handoffs.map((h) => h.id)).not.toContain(created.handoffId);
      // Their stand-ins do not restore for anyone else: the code answers as expired (like a deleted handoff).
      const file = Buffer.from(created.handoffFile.base64, 'base64').toString('utf8');
      const standIn = /for (.+? \[PER-[0-9A-Z]{7}\])/.exec(file)![1]!;
      const r = await restore(token, `GATEHOUSE-CHECK: CLEAN\n${standIn}`);
      expect(r.body).toMatchObject({ replaced: 0, expiredOrDeleted: 1 });
      expect(r.body.text).not.toContain(FIXTURE.person);
    }
    const mine = await stack.http<Json>('GET', `/api/shield/handoff/${created.handoffId}`, { token: member.token });
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body).sort()).toEqual(['createdAt', 'entryCount', 'expiresAt', 'fileCount', 'id', 'lastRestoredAt', 'retention']);
    expect(mine.body.lastRestoredAt).not.toBeNull();
  });

  test('nothing original, no stand-in and no secret reaches the api log', () => {
    const all = logs.join('\n').toLowerCase();
    for (const value of ORIGINALS) expect(all.includes(value.toLowerCase())).toBe(false);
    expect(findCodes(logs.join('\n')).filter((c) => c.code)).toEqual([]);
  });
});

function jpegMarkers(bytes: Buffer): number[] {
  const out: number[] = [];
  let i = 2;
  while (i < bytes.length - 1) {
    if (bytes[i] !== 0xff) break;
    const marker = bytes[i + 1]!;
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    out.push(marker);
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return out;
}

function pngChunks(bytes: Buffer): string[] {
  const out: string[] = [];
  let i = 8;
  while (i + 8 <= bytes.length) {
    const len = bytes.readUInt32BE(i);
    out.push(bytes.subarray(i + 4, i + 8).toString('latin1'));
    i += 12 + len;
  }
  return out;
}

describe('stand-in scopes', () => {
  const prompt = `Write to ${FIXTURE.person} at ${FIXTURE.email} about the account.`;
  const standInsOf = (c: Created) => {
    const file = Buffer.from(c.handoffFile.base64, 'base64').toString('utf8').split('## Prompt')[1]!;
    return [...file.matchAll(/\[[A-Z]{2,3}-[0-9A-Z]{7}\]/g)].map((m) => m[0]);
  };

  test('the same value gets the same stand-in in a second handoff of the scope, a different one after rotation', async () => {
    const user = await memberOf(company.companyId);
    const first = await create(user.token, { prompt });
    const second = await create(user.token, { prompt: `Again: ${prompt}` });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const a = Buffer.from(first.body.handoffFile.base64, 'base64').toString('utf8').split('## Prompt')[1]!;
    const b = Buffer.from(second.body.handoffFile.base64, 'base64').toString('utf8').split('## Prompt')[1]!;
    const personA = /to (.+? \[PER-[0-9A-Z]{7}\])/.exec(a)![1];
    expect(b).toContain(personA);
    expect(standInsOf(second.body)).toEqual(standInsOf(first.body));
    // Another user's scope: other stand-ins for the same values.
    const otherUser = await memberOf(company.companyId);
    const other = await create(otherUser.token, { prompt });
    expect(standInsOf(other.body)).not.toEqual(standInsOf(first.body));

    const scopes = await stack.http<{ scopes: Json[]; keyIds: string[]; activeKeyId: string }>('GET', '/api/shield/handoff/scopes', { token: admin });
    expect(scopes.status).toBe(200);
    const scope = scopes.body.scopes.find((s) => s.label === user.email)!;
    expect(scope).toMatchObject({ kind: 'user', activeGeneration: 1, provenance: ['MINTED'], rotatedAt: null, liveEntries: 2, olderLiveEntries: 0 });
    expect(scope.keyId).toBe(scopes.body.activeKeyId);
    expect(scopes.body.keyIds).toEqual([scopes.body.activeKeyId]);
    expect(JSON.stringify(scopes.body)).not.toMatch(/wrapped|salt|v1:|\[PER-|Schmidt/i);
    // Members may not see or rotate scopes; Shield keys never.
    expect((await stack.http('GET', '/api/shield/handoff/scopes', { token: user.token })).status).toBe(403);

    const rotated = await stack.http<Json>('POST', '/api/shield/handoff/scopes/rotate', { token: admin, body: { scopeId: scope.scopeId } });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ scopeId: scope.scopeId, generation: 2, surrogateKeyId: scopes.body.activeKeyId });
    const third = await create(user.token, { prompt });
    expect(third.status).toBe(201);
    expect(standInsOf(third.body)).not.toEqual(standInsOf(first.body));
    const after = (await stack.http<{ scopes: Json[] }>('GET', '/api/shield/handoff/scopes', { token: admin })).body.scopes.find((s) => s.scopeId === scope.scopeId)!;
    expect(after).toMatchObject({ activeGeneration: 2, provenance: ['MINTED', 'ROTATED'], liveEntries: 2, olderLiveEntries: 2 });
    expect(after.rotatedAt).not.toBeNull();
    // Stand-ins handed out before the rotation keep working until their handoff expires.
    const old = /to (.+? \[PER-[0-9A-Z]{7}\])/.exec(a)![1]!;
    const r = await restore(user.token, `GATEHOUSE-CHECK: CLEAN\nDear ${old},`);
    expect(r.body.text).toBe(`GATEHOUSE-CHECK: CLEAN\nDear ${FIXTURE.person},`);
    const audit = await stack.container.db('audit_logs').where({ company_id: company.companyId, action: 'shield.scope.rotated' });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].details)).not.toMatch(/salt|wrapped/i);
  });

  test('rotation errors', async () => {
    const rotate = (body: Json, token = admin) => stack.http<Json>('POST', '/api/shield/handoff/scopes/rotate', { token, body });
    expect((await rotate({})).body.code).toBe('BAD_ROTATION_REQUEST');
    expect((await rotate({ scopeId: 'x', keyId: 'y' })).body.code).toBe('BAD_ROTATION_REQUEST');
    expect(await rotate({ scopeId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 404, body: { code: 'SCOPE_NOT_FOUND' } });
    const { activeKeyId } = (await stack.http<{ activeKeyId: string }>('GET', '/api/shield/handoff/scopes', { token: admin })).body;
    expect(await rotate({ keyId: activeKeyId })).toMatchObject({ status: 409, body: { code: 'KEY_STILL_ACTIVE' } });
    expect(await rotate({ keyId: 'ffffffffffffffff' })).toMatchObject({ status: 200, body: { rotated: 0, keyId: 'ffffffffffffffff', activeKeyId } });
  });

  test('a code collision is 409 STAND_IN_COLLISION with nothing created; the retry draws another code', async () => {
    const user = await memberOf(company.companyId);
    const value = 'Wilhelmina Grotefend';
    const first = await create(user.token, { prompt: `Letter for ${value}.` });
    const code = findCodes(Buffer.from(first.body.handoffFile.base64, 'base64').toString('utf8')).find((c) => c.code?.startsWith('PER-'))!.code!;
    expect((await stack.http('DELETE', `/api/shield/handoff/${first.body.handoffId}`, { token: user.token })).body).toEqual({ deleted: true });
    // Another value of another scope now holds that code (as a chance collision would).
    const db = stack.container.db;
    const otherScope = await db('shield_scopes').where({ company_id: company.companyId }).whereNot({ user_id: user.userId }).first();
    await db('shield_scope_entries').insert({ company_id: company.companyId, scope_id: otherScope.id, generation: otherScope.active_generation, fingerprint: 'f'.repeat(40), code, entity_type: 'PERSON' });
    const before = await db('shield_handoffs').where({ user_id: user.userId }).count('* as n');
    const collided = await create(user.token, { prompt: `Letter for ${value}.` });
    expect(collided).toMatchObject({ status: 409, body: { code: 'STAND_IN_COLLISION' } });
    expect(await db('shield_handoffs').where({ user_id: user.userId }).count('* as n')).toEqual(before);
    const retried = await create(user.token, { prompt: `Letter for ${value}.` });
    expect(retried.status).toBe(201);
    const newCode = findCodes(Buffer.from(retried.body.handoffFile.base64, 'base64').toString('utf8')).find((c) => c.code?.startsWith('PER-'))!.code!;
    expect(newCode).not.toBe(code);
    await db('shield_scope_entries').where({ fingerprint: 'f'.repeat(40) }).delete();
  });
});

describe('retention (one retention day = one second)', () => {
  let co: TestCompany;
  let coAdmin: string;
  let user: Awaited<ReturnType<typeof memberOf>>;
  const handoff = async (retention?: string) => {
    const res = await create(user.token, { prompt: `Note about ${FIXTURE.person}.`, ...(retention ? { retention } : {}) });
    expect(res.status).toBe(201);
    return res.body;
  };
  const alive = async (id: string) => (await stack.http('GET', `/api/shield/handoff/${id}`, { token: user.token })).status === 200;
  const rowExists = async (id: string) => Boolean(await stack.container.db('shield_handoffs').where({ id }).first());
  async function waitGone(id: string, withinMs: number) {
    const start = Date.now();
    while (Date.now() - start < withinMs) {
      if (!(await rowExists(id))) return Date.now() - start;
      await sleep(250);
    }
    throw new Error(`handoff ${id} still there after ${withinMs} ms`);
  }

  beforeAll(async () => {
    co = await stack.createCompany({ packageName: 'professional', withSimulator: false });
    coAdmin = await stack.login(co.adminEmail, co.adminPassword);
    user = await memberOf(co.companyId);
    await settings(coAdmin, { defaultDays: 8, keepMaxDays: 14 });
  });

  // Deadlines are read from the answers, not assumed: on a loaded machine a create can take seconds.
  const until = (at: number) => sleep(Math.max(0, at - Date.now()));

  test('a handoff expires after defaultDays and is deleted by its workflow; a restore extends it', async () => {
    const settingsRes = await stack.http('GET', '/api/shield/handoff/settings', { token: user.token });
    expect(settingsRes.body).toEqual({ defaultDays: 8, keepMaxDays: 14, noLimitAllowed: false });
    const extended = await handoff();
    const deadline0 = Date.parse(extended.expiresAt!);
    expect(deadline0 - Date.parse((await stack.http<Json>('GET', `/api/shield/handoff/${extended.handoffId}`, { token: user.token })).body.createdAt as string)).toBe(8000);
    const workflow = await (await stack.container.temporal.client()).workflow.getHandle(`handoff:${extended.handoffId}`).describe();
    expect(workflow.status.name).toBe('RUNNING');
    await until(deadline0 - 3000);
    const file = Buffer.from(extended.handoffFile.base64, 'base64').toString('utf8');
    const standIn = /about (.+? \[PER-[0-9A-Z]{7}\])/.exec(file)![1]!;
    const r = await restore(user.token, `GATEHOUSE-CHECK: CLEAN\n${standIn}`);
    expect(r.body.replaced).toBe(1);
    const after = (await stack.http<Json>('GET', `/api/shield/handoff/${extended.handoffId}`, { token: user.token })).body;
    expect(Date.parse(after.expiresAt as string)).toBeGreaterThan(deadline0 + 2000);
    expect(after.lastRestoredAt).not.toBeNull();
    // A handoff the restore did not use (created after it, same value) expires on time.
    const unused = await handoff();
    await until(deadline0 + 1500);
    expect(await alive(extended.handoffId)).toBe(true); // past its first deadline: the restore extended it
    await waitGone(unused.handoffId, Date.parse(unused.expiresAt!) - Date.now() + 8000);
    await waitGone(extended.handoffId, Date.parse(after.expiresAt as string) - Date.now() + 8000);
    // Its stand-ins answer as expired now, with their type.
    const gone = await restore(user.token, `GATEHOUSE-CHECK: CLEAN\n${standIn}`);
    expect(gone.body).toMatchObject({ replaced: 0, expiredOrDeleted: 1 });
    expect(gone.body.highlights[0]).toMatchObject({ kind: 'expired', entityType: 'PERSON' });
    // Scope entries no live handoff uses are gone too.
    expect(await stack.container.db('shield_scope_entries').where({ company_id: co.companyId }).count('* as n')).toEqual([{ n: '0' }]);
  }, 90_000);

  test('KEEP lives until the company maximum (14 days here), past the default (8)', async () => {
    const kept = await handoff('KEEP');
    const created = Date.parse(kept.expiresAt!) - 14_000;
    await until(created + 9500);
    expect(await alive(kept.handoffId)).toBe(true); // past the 8-day default
    await waitGone(kept.handoffId, Date.parse(kept.expiresAt!) - Date.now() + 8000);
  }, 90_000);

  test('NO_LIMIT only where the company allows it; KEEP refused past the maximum; DEFAULT expires again; DELETE at once', async () => {
    expect(await create(user.token, { prompt: 'x y z', retention: 'NO_LIMIT' })).toMatchObject({ status: 403, body: { code: 'NO_LIMIT_NOT_ALLOWED' } });
    const h = await handoff();
    expect(await stack.http<Json>('PATCH', `/api/shield/handoff/${h.handoffId}`, { token: user.token, body: { retention: 'NO_LIMIT' } })).toMatchObject({
      status: 403,
      body: { code: 'NO_LIMIT_NOT_ALLOWED' },
    });
    expect(await stack.http<Json>('PATCH', `/api/shield/handoff/${h.handoffId}`, { token: user.token, body: { retention: 'FOREVER' } })).toMatchObject({
      status: 400,
      body: { code: 'BAD_RETENTION' },
    });
    await settings(coAdmin, { noLimitAllowed: true });
    const unlimited = await handoff('NO_LIMIT');
    expect(unlimited.expiresAt).toBeNull();
    const createdAt = Date.parse((await stack.http<Json>('GET', `/api/shield/handoff/${unlimited.handoffId}`, { token: user.token })).body.createdAt as string);
    await until(createdAt + 14_500);
    expect(await alive(unlimited.handoffId)).toBe(true);
    expect(await stack.http<Json>('PATCH', `/api/shield/handoff/${unlimited.handoffId}`, { token: user.token, body: { retention: 'KEEP' } })).toMatchObject({
      status: 409,
      body: { code: 'KEEP_LIMIT_REACHED' },
    });
    const back = await stack.http<Json>('PATCH', `/api/shield/handoff/${unlimited.handoffId}`, { token: user.token, body: { retention: 'DEFAULT' } });
    expect(back.body).toMatchObject({ retention: 'DEFAULT' });
    expect(Date.parse(back.body.expiresAt as string) - Date.now()).toBeGreaterThan(5000);
    await waitGone(unlimited.handoffId, Date.parse(back.body.expiresAt as string) - Date.now() + 8000);
    const deleted = await handoff('NO_LIMIT');
    expect((await stack.http('DELETE', `/api/shield/handoff/${deleted.handoffId}`, { token: user.token })).body).toEqual({ deleted: true });
    expect(await rowExists(deleted.handoffId)).toBe(false);
    expect((await stack.http('DELETE', `/api/shield/handoff/${deleted.handoffId}`, { token: user.token })).status).toBe(404);
    const handle = (await stack.container.temporal.client()).workflow.getHandle(`handoff:${deleted.handoffId}`);
    expect(await handle.result()).toBe('gone');
    await stack.http('DELETE', `/api/shield/handoff/${h.handoffId}`, { token: user.token });
  }, 120_000);

  test('a member who leaves loses their handoffs 30 days later unless an admin holds them', async () => {
    await settings(coAdmin, { noLimitAllowed: true });
    const leaver = await memberOf(co.companyId);
    const held = await memberOf(co.companyId);
    const a = await create(leaver.token, { prompt: `About ${FIXTURE.person}.`, retention: 'NO_LIMIT' });
    const b = await create(held.token, { prompt: `About ${FIXTURE.person}.`, retention: 'NO_LIMIT' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const hold = await stack.http<Json>('PUT', `/api/shield/handoff/leavers/${held.userId}`, { token: coAdmin, body: { held: true } });
    expect(hold.body).toMatchObject({ userId: held.userId, held: true });
    // Both leave the company (their memberships end).
    await stack.container.db('memberships').where({ company_id: co.companyId }).whereIn('user_id', [leaver.userId, held.userId]).delete();
    await sleep(3000);
    const row = await stack.container.db('shield_leavers').where({ company_id: co.companyId, user_id: leaver.userId }).first();
    expect(row.left_at).not.toBeNull();
    expect(await rowExists(a.body.handoffId)).toBe(true); // the 30 days run
    const gone = await waitGone(a.body.handoffId, 60_000);
    expect(gone).toBeGreaterThan(20_000);
    expect(await rowExists(b.body.handoffId)).toBe(true); // held
  }, 120_000);
});

describe('errors, each with error and code; a failure creates nothing', () => {
  const counts = async () => {
    const db = stack.container.db;
    const n = async (t: string) => Number((await db(t).count('* as n'))[0]!.n);
    return { handoffs: await n('shield_handoffs'), scopes: await n('shield_scopes'), entries: await n('shield_scope_entries'), usage: await n('shield_usage') };
  };

  test('create refusals', async () => {
    const user = await memberOf(company.companyId);
    const before = await counts();
    const usageBefore = await stack.container.db('shield_usage').where({ company_id: company.companyId }).first();
    const cases: [Json, number, string, Json?][] = [
      [{}, 400, 'EMPTY_PROMPT'],
      [{ prompt: '   ' }, 400, 'EMPTY_PROMPT'],
      [{ prompt: 'x'.repeat(200_001) }, 413, 'TOO_LARGE'],
      [{ prompt: 'hi', files: Array.from({ length: 11 }, () => ({ documentType: 'txt', base64: 'aGk=' })) }, 400, 'TOO_MANY_FILES'],
      [{ prompt: 'hi', files: [{ documentType: 'txt', base64: 'aGk=' }, { documentType: 'exe', base64: 'aGk=' }] }, 400, 'BAD_FILE', { fileIndex: 1 }],
      [{ prompt: 'hi', files: [{ documentType: 'txt', base64: '***' }] }, 400, 'BAD_FILE', { fileIndex: 0 }],
      [{ prompt: 'hi', files: [{ documentType: 'txt' }] }, 400, 'BAD_FILE', { fileIndex: 0 }],
      [{ prompt: 'hi', files: [{ documentType: 'docx', base64: b64(Buffer.from('not a zip')) }] }, 422, 'UNREADABLE_FILE', { fileIndex: 0 }],
      [{ prompt: 'hi', retention: 'SOMETIMES' }, 400, 'BAD_RETENTION'],
      [{ prompt: 'hi', retention: 'NO_LIMIT' }, 403, 'NO_LIMIT_NOT_ALLOWED'],
      [{ prompt: 'hi', projectId: '00000000-0000-4000-8000-000000000000' }, 403, 'PROJECT_NOT_ACCESSIBLE'],
      [{ prompt: 'hi', files: [{ documentType: 'txt', base64: b64(Buffer.alloc(13 * 1024 * 1024 + 1, 97)) }] }, 413, 'TOO_LARGE'],
    ];
    for (const [body, status, code, extra] of cases) {
      // A transport error (a 17 MB upload once read ECONNRESET in a full run at load 10) is tried
      // once more: the refusal itself is idempotent and leaves nothing behind (checked below).
      const attempt = () => create(user.token, body).catch((err) => ({ status: 0, body: { err: String(err), cause: String(err.cause) } }));
      let res = await attempt();
      if (res.status === 0) res = await attempt();
      expect({ code, status: res.status, body: res.body }).toMatchObject({ code, status, body: { code, error: expect.any(String), ...(extra ?? {}) } });
    }
    const scanned = await create(user.token, { prompt: 'hi', files: [{ documentType: 'pdf', base64: b64(await buildScannedOnlyPdf()) }] });
    expect(scanned).toMatchObject({ status: 422, body: { code: 'UNREADABLE_FILE', fileIndex: 0 } });
    expect(await counts()).toEqual(before);
    expect(await stack.container.db('shield_usage').where({ company_id: company.companyId }).first()).toEqual(usageBefore);
    // Several 13-18 MB bodies: slow on a loaded machine.
  }, 180_000);

  test('403 FEATURE_NOT_IN_PACKAGE without Shield in the plan; Shield keys are accepted', async () => {
    const plain = await stack.createCompany({ packageName: 'standard', withSimulator: false });
    const token = await stack.login(plain.adminEmail, plain.adminPassword);
    expect(await create(token, { prompt: 'hi' })).toMatchObject({ status: 403, body: { code: 'FEATURE_NOT_IN_PACKAGE' } });
    expect(await stack.http('GET', '/api/shield/handoff', { token })).toMatchObject({ status: 403, body: { code: 'FEATURE_NOT_IN_PACKAGE' } });
    const key = await stack.http<{ key: string }>('POST', '/api/v1/api-keys', { token: admin, body: { name: 'shield', kind: 'SHIELD' } });
    expect(key.status).toBe(201);
    const viaKey = await create(key.body.key, { prompt: `Ping ${FIXTURE.person}` });
    expect(viaKey.status).toBe(201);
    expect((await stack.http('GET', '/api/shield/handoff', { token: key.body.key })).status).toBe(200);
    // A gateway key is not a Shield credential.
    expect((await create(company.gatewayKey, { prompt: 'hi' })).status).toBe(401);
    // Stand-in keys: session only.
    expect((await stack.http('GET', '/api/shield/handoff/scopes', { token: key.body.key })).status).toBe(401);
  });

  test('413 TOO_MANY_STAND_INS past the company limit (150 in this stack)', async () => {
    const big = await stack.createCompany({ packageName: 'professional', withSimulator: false });
    const token = await stack.login(big.adminEmail, big.adminPassword);
    const emails = Array.from({ length: 160 }, (_, i) => `person.number${i}@example.org`).join(', ');
    const before = await counts();
    expect(await create(token, { prompt: `Write to ${emails}.` })).toMatchObject({ status: 413, body: { code: 'TOO_MANY_STAND_INS' } });
    expect(await counts()).toEqual(before);
  }, 60_000);

  test('the monthly quota: 429 {error, used, limit} on the free tier after 10 requests; a restore counts one', async () => {
    const free = await stack.container.services.companies.createCompany({ name: 'Free Shield Co', packageName: 'professional', tier: 'free' });
    const { user } = await stack.container.services.companies.addUser(free.id, { email: `free-${Date.now()}@example.test`, password: 'pw-free-shield-123456', role: 'ACCOUNT_OWNER' });
    const token = await stack.login(user.email, 'pw-free-shield-123456');
    for (let i = 0; i < 5; i++) expect((await create(token, { prompt: `Hello ${i}` })).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await restore(token, 'GATEHOUSE-CHECK: CLEAN\nnothing')).status).toBe(200);
    const over = await restore(token, 'GATEHOUSE-CHECK: CLEAN\nnothing');
    expect(over).toMatchObject({ status: 429, body: { used: 10, limit: 10, error: expect.any(String) } });
    expect(await create(token, { prompt: 'one more' })).toMatchObject({ status: 429, body: { used: 10, limit: 10 } });
    expect((await stack.container.db('shield_handoffs').where({ company_id: free.id }).count('* as n'))[0]).toEqual({ n: '5' });
  }, 60_000);

  test('every route is in /api/openapi.json', async () => {
    const doc = (await stack.http<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json')).body;
    const want: [string, string][] = [
      ['/api/shield/handoff', 'post'],
      ['/api/shield/handoff', 'get'],
      ['/api/shield/handoff/restore', 'post'],
      ['/api/shield/handoff/{id}', 'get'],
      ['/api/shield/handoff/{id}', 'patch'],
      ['/api/shield/handoff/{id}', 'delete'],
      ['/api/shield/handoff/settings', 'get'],
      ['/api/shield/handoff/settings', 'put'],
      ['/api/shield/handoff/scopes', 'get'],
      ['/api/shield/handoff/scopes/rotate', 'post'],
      ['/api/shield/handoff/leavers/{userId}', 'put'],
      ['/api/shield/sensitivity', 'get'],
      ['/api/shield/sensitivity', 'put'],
    ];
    for (const [path, method] of want) expect({ path, method, present: Boolean(doc.paths[path]?.[method]) }).toEqual({ path, method, present: true });
  });
});
