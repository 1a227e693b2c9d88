/** The photo `delta` steps from `index` among `count`, going round at either end (no dead end for the arrow keys). */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/**
 * Where a key moves the gallery from `index`: Left/Right to the previous or next photo (round at
 * the ends), Home/End to the first or last. Undefined for any other key (it is left to the browser).
 */
export function indexAfterKey(key: string, index: number, count: number): number | undefined {
  if (count <= 1) return undefined;
  switch (key) {
    case 'ArrowLeft':
      return stepIndex(index, -1, count);
    case 'ArrowRight':
      return stepIndex(index, 1, count);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** The index of the photo with `id`, else of the cover, else 0: the gallery keeps its photo across a refetch that adds or reorders photos. */
export function indexOfPhoto(photos: readonly { id: string; cover: boolean }[], id: string | undefined): number {
  const byId = id === undefined ? -1 : photos.findIndex((p) => p.id === id);
  if (byId >= 0) return byId;
  return Math.max(0, photos.findIndex((p) => p.cover));
}
