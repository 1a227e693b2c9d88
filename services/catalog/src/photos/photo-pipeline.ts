// A photo from the intake desk, made ready to serve: turned upright by its EXIF orientation, every
// byte of metadata dropped (a phone photo carries the store's GPS position), and encoded at each
// srcset width as WebP and JPEG, with a tiny WebP for the blur-up. The upload itself is checked by
// its bytes, not by its name or Content-Type.
import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { MAX_PHOTO_INPUT_PIXELS, PHOTO_WIDTHS } from '@pl/contracts';

/** Formats an upload may be (by its bytes): what phones and cameras make. SVG, GIF and TIFF are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);
/** The photo's files are named `<hash>-<width>.<ext>` with this many hex digits of the hash. */
const HASH_DIGITS = 24;

export type PhotoRejection = 'not_an_image' | 'too_many_pixels' | 'damaged';

/** An upload the pipeline will not take, and why (the route answers it with a 4xx). */
export class PhotoRejected extends Error {
  constructor(
    readonly reason: PhotoRejection,
    message: string,
  ) {
    super(message);
  }
}

export interface EncodedFile {
  width: number;
  height: number;
  format: 'jpg' | 'webp';
  body: Buffer;
}

export interface ProcessedPhoto {
  /** Names the files: changes with the upload's bytes and with `salt` (one listing's photo, not another's). */
  hash: string;
  /** The largest size's dimensions, upright. */
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
  files: EncodedFile[];
}

export interface PhotoPipelineOptions {
  maxInputPixels?: number;
}

/** The widths a photo `width` pixels wide is served at: each srcset width below it, and its own when below the largest. */
export function servedWidths(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const below = PHOTO_WIDTHS.filter((w) => w < width);
  return width >= largest ? [...below.filter((w) => w < largest), largest] : [...below, width];
}

/** A photo's file name: the photo's hash and the size (a name never gets other content). */
export const photoFileName = (hash: string, width: number, format: 'jpg' | 'webp') => `${hash}-${width}.${format}`;

export async function processPhoto(input: Buffer, salt: string, options: PhotoPipelineOptions = {}): Promise<ProcessedPhoto> {
  const maxPixels = options.maxInputPixels ?? MAX_PHOTO_INPUT_PIXELS;
  // The header alone: what the bytes are and how large they say the picture is, before decoding a pixel.
  const meta = await sharp(input, { limitInputPixels: false }).metadata().catch(() => {
    throw new PhotoRejected('not_an_image', 'The file is not a photo: upload a JPEG, PNG, WebP, HEIC or AVIF image.');
  });
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new PhotoRejected('not_an_image', 'The file is not a photo: upload a JPEG, PNG, WebP, HEIC or AVIF image.');
  }
  if (!meta.width || !meta.height || meta.width * meta.height > maxPixels) {
    throw new PhotoRejected('too_many_pixels', `The image is too large: at most ${Math.round(maxPixels / 1_000_000)} megapixels.`);
  }
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  // One decode, turned upright and brought down to the largest served width; every size comes from it.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated', sequentialRead: true })
      .rotate()
      .resize({ width: largest, height: largest * 4, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRejected('damaged', 'The image file is damaged or incomplete: take or choose the photo again.');
  }
  const { data, info } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const widths = servedWidths(info.width);
  const files = await Promise.all(
    widths.flatMap((width) => {
      const height = Math.round((info.height * width) / info.width);
      const sized = () => (width === info.width ? sharp(data, raw) : sharp(data, raw).resize({ width, height }));
      return [
        sized()
          .webp({ quality: 72, effort: 3 })
          .toBuffer()
          .then((body): EncodedFile => ({ width, height, format: 'webp', body })),
        sized()
          .jpeg({ quality: 78, progressive: true, mozjpeg: false })
          .toBuffer()
          .then((body): EncodedFile => ({ width, height, format: 'jpg', body })),
      ];
    }),
  );
  const tiny = await sharp(data, raw).resize({ width: 16 }).webp({ quality: 40 }).toBuffer();
  const hash = createHash('sha256').update(salt).update('\0').update(input).digest('hex').slice(0, HASH_DIGITS);
  return { hash, width: info.width, height: info.height, widths, placeholder: `data:image/webp;base64,${tiny.toString('base64')}`, files };
}
