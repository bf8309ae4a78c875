import JSZip from 'jszip';
import { DocumentError } from './errors';
import { DOCUMENT_LIMITS } from './types';

/**
 * Opening and saving docx/xlsx packages (zip files of XML parts) with jszip. We edit only the XML
 * parts that hold text; every other part (styles, charts' formatting, images, relationships) is
 * written back as it was. exceljs is not used for rewriting because it drops charts and pivot tables
 * when it saves.
 */

/** An encrypted Office file is not a zip but an OLE compound file ("CFB") holding EncryptedPackage. */
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b]);

export async function openPackage(buffer: Buffer, type: 'docx' | 'xlsx', maxUnpacked?: number): Promise<JSZip> {
  if (buffer.subarray(0, 8).equals(CFB_MAGIC)) {
    // Office writes password-protected OOXML as CFB; an old binary .doc/.xls is CFB too and is
    // equally unreadable for us, but say "encrypted" only when the stream names say so.
    const latin = buffer.toString('latin1');
    const utf16 = buffer.toString('utf16le');
    if (latin.includes('EncryptedPackage') || utf16.includes('EncryptedPackage') || utf16.includes('EncryptionInfo')) {
      throw DocumentError.encrypted(type);
    }
    throw DocumentError.corrupt(type);
  }
  if (!buffer.subarray(0, 2).equals(ZIP_MAGIC)) throw DocumentError.corrupt(type);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buffer, { checkCRC32: false });
  } catch {
    throw DocumentError.corrupt(type);
  }
  // Zip bombs: refuse before inflating. jszip keeps each entry's declared size on an internal field.
  let unpacked = 0;
  zip.forEach((_path, file) => {
    const size = (file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize;
    if (typeof size === 'number') unpacked += size;
  });
  if (unpacked > (maxUnpacked ?? DOCUMENT_LIMITS.maxUnpackedChars)) {
    throw DocumentError.tooLarge('unpacked', `The ${type} unpacks to more than the allowed size`);
  }
  if (!zip.file('[Content_Types].xml')) throw DocumentError.corrupt(type);
  return zip;
}

export async function readPart(zip: JSZip, path: string): Promise<string | undefined> {
  const file = zip.file(path);
  if (!file) return undefined;
  return file.async('string');
}

/** Paths matching a pattern, in natural order (header2 before header10). */
export function partsMatching(zip: JSZip, pattern: RegExp): string[] {
  const paths: string[] = [];
  zip.forEach((path, file) => {
    if (!file.dir && pattern.test(path)) paths.push(path);
  });
  return paths.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

export async function savePackage(zip: JSZip): Promise<Buffer> {
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

/**
 * Metadata that names people is not carried (spec: "metadata ... not carried"): the author fields of
 * docProps/core.xml and the company/manager of docProps/app.xml are emptied, and author attributes
 * of comments and tracked changes become a neutral name. Dates and the application name stay.
 */
export async function scrubMetadata(zip: JSZip): Promise<void> {
  const core = await readPart(zip, 'docProps/core.xml');
  if (core !== undefined) {
    zip.file('docProps/core.xml', emptyElements(core, ['dc:creator', 'cp:lastModifiedBy', 'dc:title', 'dc:subject', 'dc:description', 'cp:keywords']));
  }
  const app = await readPart(zip, 'docProps/app.xml');
  if (app !== undefined) zip.file('docProps/app.xml', emptyElements(app, ['Company', 'Manager']));
  // Custom properties keep their names; their text values are emptied (the part stays: it is
  // referenced from the package relationships and removing it would make Office repair the file).
  const custom = await readPart(zip, 'docProps/custom.xml');
  if (custom !== undefined) zip.file('docProps/custom.xml', emptyElements(custom, ['vt:lpwstr', 'vt:lpstr', 'vt:bstr']));
}

function emptyElements(xml: string, names: string[]): string {
  let out = xml;
  for (const name of names) {
    const n = name.replace(/[.:]/g, '\\$&');
    out = out.replace(new RegExp(`(<${n}(?:\\s[^>]*)?>)[\\s\\S]*?(</${n}>)`, 'g'), '$1$2');
  }
  return out;
}

/** Author and initials attributes (comments, revisions, people.xml) become neutral values. */
export function scrubAuthorAttributes(xml: string): string {
  return xml
    .replace(/(\s(?:w:author|w15:author|w:initials|w15:userId|w15:providerId)=)("[^"]*"|'[^']*')/g, (_m, attr: string) =>
      attr.includes('initials') ? `${attr}"A"` : attr.includes('author') ? `${attr}"Author"` : `${attr}""`,
    );
}
