import { indexAfterKey, indexOfPhoto, stepIndex } from './gallery-index';

describe('moving through the gallery', () => {
  it('steps to the next and previous photo, round at either end', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, -4, 3)).toBe(0);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it('moves with the arrow keys, Home and End, and leaves other keys to the browser', () => {
    expect(indexAfterKey('ArrowRight', 4, 5)).toBe(0);
    expect(indexAfterKey('ArrowLeft', 0, 5)).toBe(4);
    expect(indexAfterKey('Home', 3, 5)).toBe(0);
    expect(indexAfterKey('End', 1, 5)).toBe(4);
    expect(indexAfterKey('Enter', 1, 5)).toBeUndefined();
    expect(indexAfterKey('Tab', 1, 5)).toBeUndefined();
  });

  it('does not take the keys of a gallery of one photo', () => {
    expect(indexAfterKey('ArrowRight', 0, 1)).toBeUndefined();
  });

  it('starts at the cover and keeps the chosen photo when photos are added or reordered', () => {
    const photos = [{ id: 'a', cover: false }, { id: 'b', cover: true }, { id: 'c', cover: false }];
    expect(indexOfPhoto(photos, undefined)).toBe(1);
    expect(indexOfPhoto(photos, 'c')).toBe(2);
    expect(indexOfPhoto([{ id: 'new', cover: false }, ...photos], 'c')).toBe(3);
    // The chosen photo was deleted: back to the cover; no cover: the first.
    expect(indexOfPhoto(photos, 'gone')).toBe(1);
    expect(indexOfPhoto([{ id: 'a', cover: false }], 'gone')).toBe(0);
  });
});
