import { MAX_PHOTO_UPLOAD_BYTES, MAX_PHOTOS_PER_PRODUCT, PHOTO_UPLOAD_TYPES } from '@pl/contracts';

/**
 * What the desk says about a photo upload before and after it goes: the type it is sent as, what
 * is refused without sending (the catalog would refuse it too), and each failure in words the
 * person on the shop floor can act on. The server's own message wins when it gave one.
 */

const MEGABYTE = 1024 * 1024;
const UPLOAD_TYPES: ReadonlySet<string> = new Set(PHOTO_UPLOAD_TYPES);
/** Types by file name, for a file the browser gives no (or a generic) type: some phones do so for HEIC. */
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
};

/** The Content-Type a file goes with: the browser's, if the catalog takes it, else one from its name; undefined: not a photo the shop takes. */
export function uploadContentType(name: string, browserType: string): string | undefined {
  const type = browserType.toLowerCase();
  if (UPLOAD_TYPES.has(type)) return type;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension ? TYPE_BY_EXTENSION[extension] : undefined;
}

export const NOT_A_PHOTO_TEXT = 'Not a photo the shop takes: choose a JPEG, PNG, WebP, HEIC or AVIF image.';
export const TOO_LARGE_TEXT = `The photo is too large: at most ${MAX_PHOTO_UPLOAD_BYTES / MEGABYTE} MB.`;

/** Why a chosen file is not sent at all, or undefined when it may go. */
export function refuseBeforeUpload(file: { name: string; type: string; size: number }): string | undefined {
  if (!uploadContentType(file.name, file.type)) return NOT_A_PHOTO_TEXT;
  if (file.size > MAX_PHOTO_UPLOAD_BYTES) return TOO_LARGE_TEXT;
  if (file.size === 0) return 'The file is empty: take or choose the photo again.';
  return undefined;
}

/** A failed upload: the HTTP status (0: no answer at all) and what the server said, if anything. */
export interface UploadFailure {
  status: number;
  serverMessage?: string;
}

/** Why the upload failed, for the person who will retry it. */
export function uploadErrorText({ status, serverMessage }: UploadFailure): string {
  if (status === 0) return 'No connection: the photo was not sent. Check the network, then retry.';
  if (serverMessage) return serverMessage;
  switch (status) {
    case 401:
      return 'You are signed out: sign in again, then retry.';
    case 403:
      return 'Your account may not change photos.';
    case 404:
      return 'This listing no longer exists.';
    case 409:
      return `A listing has at most ${MAX_PHOTOS_PER_PRODUCT} photos: delete one first.`;
    case 413:
      return TOO_LARGE_TEXT;
    case 415:
      return NOT_A_PHOTO_TEXT;
    case 422:
      return 'The photo could not be read: take it again.';
    default:
      return status >= 500 ? 'The shop could not store the photo just now: retry in a moment.' : `The upload failed (error ${status}).`;
  }
}

/**
 * Whether sending the same file again can succeed: not when the file itself was refused (too
 * large, not an image, unreadable), nor when the listing is gone. A full listing (409) can take it
 * once a photo is deleted; a lost connection or a server failure may pass the next time.
 */
export function canRetryUpload(status: number): boolean {
  return ![404, 413, 415, 422].includes(status);
}

/** The progress line of one upload: '45%' while it goes, then that the shop is preparing it. */
export function uploadProgressText(loaded: number, total: number): string {
  if (total > 0 && loaded >= total) return 'Sent; preparing the photo…';
  const percent = total > 0 ? Math.floor((loaded / total) * 100) : 0;
  return `${percent}%`;
}

/** A file's size for people: '3.4 MB', '820 KB'. */
export function fileSizeText(bytes: number): string {
  if (bytes >= MEGABYTE) return `${(bytes / MEGABYTE).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
