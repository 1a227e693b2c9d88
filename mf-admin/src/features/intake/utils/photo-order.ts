import { MAX_PHOTOS_PER_PRODUCT, type ProductPhoto } from '@pl/contracts';

/**
 * The order of a listing's photos as the desk changes it: by dragging, or by 'Move earlier' and
 * 'Move later'. The server takes the whole new order at once (PUT …/photos {order, coverId}), so
 * these work on the list of ids and the page sends the result.
 */

/** `ids` with the photo at `from` taken out and put in at `to` (both clamped into the list). */
export function movePhoto(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  if (from < 0 || from >= next.length) return next;
  const [moved] = next.splice(from, 1);
  const at = Math.min(Math.max(to, 0), next.length);
  next.splice(at, 0, moved!);
  return next;
}

export type MoveDirection = 'earlier' | 'later';

/** One step earlier or later: the new order and where the photo now is; null at the edge (nothing to do). */
export function moveByStep(ids: readonly string[], id: string, direction: MoveDirection): { order: string[]; index: number } | null {
  const from = ids.indexOf(id);
  if (from === -1) return null;
  const to = direction === 'earlier' ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return null;
  return { order: movePhoto(ids, from, to), index: to };
}

/**
 * Which of the moved photo's buttons takes focus after a step: the same direction while it can go
 * on, else the other one (the first photo has no 'Move earlier' to press again).
 */
export function buttonAfterMove(index: number, count: number, direction: MoveDirection): MoveDirection {
  if (direction === 'earlier') return index > 0 ? 'earlier' : 'later';
  return index < count - 1 ? 'later' : 'earlier';
}

/** Whether two orders differ (a drag dropped where it started changes nothing). */
export function orderChanged(before: readonly string[], after: readonly string[]): boolean {
  return before.length !== after.length || before.some((id, i) => id !== after[i]);
}

/** The photos in `order` (ids the list does not have are skipped, photos the order leaves out keep their place at the end). */
export function inOrder(photos: readonly ProductPhoto[], order: readonly string[]): ProductPhoto[] {
  const byId = new Map(photos.map((p) => [p.id, p]));
  const ordered = order.flatMap((id) => {
    const photo = byId.get(id);
    return photo ? [photo] : [];
  });
  return [...ordered, ...photos.filter((p) => !order.includes(p.id))];
}

/** The photos with `coverId` as the one cover. */
export function withCover(photos: readonly ProductPhoto[], coverId: string): ProductPhoto[] {
  return photos.map((p) => (p.cover === (p.id === coverId) ? p : { ...p, cover: p.id === coverId }));
}

/** What a screen reader hears after a move: 'Photo moved to position 2 of 5.' */
export function movedText(index: number, count: number): string {
  return `Photo moved to position ${index + 1} of ${count}.`;
}

/** A photo's name for its controls: 'photo 2 of 5'. */
export function photoPositionText(index: number, count: number): string {
  return `photo ${index + 1} of ${count}`;
}

/** How many more photos the listing takes, with `pending` uploads still on their way. */
export function photoRoom(photoCount: number, pending: number): number {
  return Math.max(0, MAX_PHOTOS_PER_PRODUCT - photoCount - pending);
}

/** Files chosen beyond the room left: the first `room` are taken, the rest are refused at once, and said so. */
export function takeFiles<T>(files: readonly T[], room: number): { taken: T[]; refused: number } {
  return { taken: files.slice(0, room), refused: Math.max(0, files.length - room) };
}

/** Why some chosen files were not added. */
export function refusedFilesText(refused: number, room: number): string {
  const files = `${refused} ${refused === 1 ? 'file was' : 'files were'} not added`;
  return room === 0
    ? `${files}: a listing has at most ${MAX_PHOTOS_PER_PRODUCT} photos. Delete one first.`
    : `${files}: a listing has at most ${MAX_PHOTOS_PER_PRODUCT} photos, so only ${room} more fit.`;
}

/** The line under the photos: '5 of 12 photos', or that the listing is full. */
export function photoLimitText(count: number): string {
  return count >= MAX_PHOTOS_PER_PRODUCT ? `${count} of ${MAX_PHOTOS_PER_PRODUCT} photos: delete one to add another.` : `${count} of ${MAX_PHOTOS_PER_PRODUCT} photos`;
}
