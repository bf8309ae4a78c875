import sharp from 'sharp';
import { HANDOFF_LIMITS } from '../../domain/shield';

/**
 * Handoff thumbnails (spec document 2, rule 4): a picture is decoded to pixels and written anew,
 * so nothing of the original file travels: no EXIF (camera, GPS, dates, thumbnails), no colour
 * profile, no XMP or comments, no bytes after the image's end marker. sharp writes no metadata
 * unless asked (withMetadata/keepExif/keepIccProfile, never used here); the EXIF orientation is
 * applied to the pixels first so the picture still stands the right way up.
 *
 * JPEG, or PNG when the picture has transparency; at most 512 px on its longer side and 300 KB
 * (quality, then size, stepped down until it fits). Icons under 24 px and pictures sharp cannot
 * decode (EMF, WMF, damaged files) give null: the caller removes them.
 */
export interface Thumbnail {
  data: Buffer;
  mediaType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

export type PictureSource = { bytes: Buffer } | { raw: { width: number; height: number; channels: 1 | 3 | 4 }; data: Buffer };

const { thumbnailMaxPx, thumbnailMaxBytes, iconUnderPx } = HANDOFF_LIMITS;

function open(source: PictureSource) {
  const options = { failOn: 'none' as const, limitInputPixels: 100_000_000 };
  return 'bytes' in source ? sharp(source.bytes, options) : sharp(source.data, { ...options, raw: source.raw });
}

export async function makeThumbnail(source: PictureSource): Promise<Thumbnail | null> {
  try {
    const meta = 'bytes' in source ? await open(source).metadata() : { width: source.raw.width, height: source.raw.height, hasAlpha: source.raw.channels === 4 };
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width < iconUnderPx || height < iconUnderPx) return null;
    let transparent = false;
    if (meta.hasAlpha) transparent = !(await open(source).stats()).isOpaque;

    for (let max: number = thumbnailMaxPx; max >= 64; max = Math.floor(max * 0.75)) {
      const qualities = transparent ? [9] : [82, 70, 55, 40];
      for (const quality of qualities) {
        let pipeline = open(source).rotate().resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true });
        pipeline = transparent
          ? pipeline.png({ compressionLevel: quality, palette: false })
          : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
        const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
        if (data.length <= thumbnailMaxBytes) {
          return transparent
            ? { data, mediaType: 'image/png', extension: 'png', width: info.width, height: info.height }
            : { data, mediaType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
        }
      }
    }
    return null;
  } catch {
    return null;
  }
}
