import { buildPhoto } from './intake.fixture';
import {
  buttonAfterMove,
  inOrder,
  movedText,
  moveByStep,
  movePhoto,
  orderChanged,
  photoLimitText,
  photoPositionText,
  photoRoom,
  refusedFilesText,
  takeFiles,
  withCover,
} from './photo-order';

const ids = ['a', 'b', 'c', 'd'];

describe('moving a photo', () => {
  it('takes it out and puts it in at the new place', () => {
    expect(movePhoto(ids, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(movePhoto(ids, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(movePhoto(ids, 1, 1)).toEqual(ids);
  });

  it('keeps a drop past either end at that end, and ignores an unknown photo', () => {
    expect(movePhoto(ids, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(movePhoto(ids, 2, -5)).toEqual(['c', 'a', 'b', 'd']);
    expect(movePhoto(ids, 7, 0)).toEqual(ids);
  });

  it('moves one step earlier or later, and nowhere at the edge', () => {
    expect(moveByStep(ids, 'c', 'earlier')).toEqual({ order: ['a', 'c', 'b', 'd'], index: 1 });
    expect(moveByStep(ids, 'c', 'later')).toEqual({ order: ['a', 'b', 'd', 'c'], index: 3 });
    expect(moveByStep(ids, 'a', 'earlier')).toBeNull();
    expect(moveByStep(ids, 'd', 'later')).toBeNull();
    expect(moveByStep(ids, 'x', 'later')).toBeNull();
  });

  it('keeps focus on the same button until the photo reaches the edge, then on the other', () => {
    expect(buttonAfterMove(1, 4, 'earlier')).toBe('earlier');
    expect(buttonAfterMove(0, 4, 'earlier')).toBe('later');
    expect(buttonAfterMove(2, 4, 'later')).toBe('later');
    expect(buttonAfterMove(3, 4, 'later')).toBe('earlier');
  });

  it('tells a real change from a drop where the drag began', () => {
    expect(orderChanged(ids, ['a', 'b', 'c', 'd'])).toBe(false);
    expect(orderChanged(ids, ['b', 'a', 'c', 'd'])).toBe(true);
    expect(orderChanged(ids, ['a', 'b', 'c'])).toBe(true);
  });

  it('says where it went', () => {
    expect(movedText(1, 5)).toBe('Photo moved to position 2 of 5.');
    expect(photoPositionText(0, 3)).toBe('photo 1 of 3');
  });
});

describe('the photos in an order', () => {
  const a = buildPhoto({ id: 'a', cover: true });
  const b = buildPhoto({ id: 'b' });
  const c = buildPhoto({ id: 'c' });

  it('puts the photos in the given order, skipping unknown ids and keeping the left-out ones at the end', () => {
    expect(inOrder([a, b, c], ['c', 'a', 'b']).map((p) => p.id)).toEqual(['c', 'a', 'b']);
    expect(inOrder([a, b, c], ['x', 'b']).map((p) => p.id)).toEqual(['b', 'a', 'c']);
  });

  it('makes one photo the cover and no other', () => {
    expect(withCover([a, b, c], 'c').map((p) => p.cover)).toEqual([false, false, true]);
    expect(withCover([a, b, c], 'a')[0]).toBe(a);
  });
});

describe('room for photos', () => {
  it('leaves room for twelve, counting uploads on their way', () => {
    expect(photoRoom(0, 0)).toBe(12);
    expect(photoRoom(9, 2)).toBe(1);
    expect(photoRoom(12, 0)).toBe(0);
    expect(photoRoom(11, 3)).toBe(0);
  });

  it('takes as many chosen files as fit and refuses the rest', () => {
    expect(takeFiles(['1', '2', '3'], 2)).toEqual({ taken: ['1', '2'], refused: 1 });
    expect(takeFiles(['1'], 5)).toEqual({ taken: ['1'], refused: 0 });
    expect(takeFiles(['1', '2'], 0)).toEqual({ taken: [], refused: 2 });
  });

  it('says why files were refused', () => {
    expect(refusedFilesText(1, 2)).toBe('1 file was not added: a listing has at most 12 photos, so only 2 more fit.');
    expect(refusedFilesText(3, 0)).toBe('3 files were not added: a listing has at most 12 photos. Delete one first.');
  });

  it('counts the photos against the limit', () => {
    expect(photoLimitText(5)).toBe('5 of 12 photos');
    expect(photoLimitText(12)).toBe('12 of 12 photos: delete one to add another.');
  });
});
