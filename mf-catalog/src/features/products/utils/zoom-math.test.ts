import { clampView, CLICK_ZOOM, FITTED, MAX_ZOOM, pinchScale, toggleZoom, zoomAbout } from './zoom-math';

const stage = { width: 400, height: 300 };

describe('the zoom', () => {
  it('zooms in about the point clicked, keeping that point of the photo under the pointer, and out again on the next click', () => {
    const point = { x: 100, y: -50 };
    const zoomed = toggleZoom(FITTED, point, stage);
    expect(zoomed.scale).toBe(CLICK_ZOOM);
    // The photo's point under the click (100, -50 from the centre, at scale 1) is still under it.
    expect(zoomed.x + zoomed.scale * point.x).toBeCloseTo(point.x);
    expect(zoomed.y + zoomed.scale * point.y).toBeCloseTo(point.y);
    expect(toggleZoom(zoomed, point, stage)).toEqual(FITTED);
  });

  it('never moves an edge of the enlarged photo into the stage, and centres a photo that fits', () => {
    expect(clampView({ scale: 2, x: 1000, y: -1000 }, stage)).toEqual({ scale: 2, x: 200, y: -150 });
    expect(clampView({ scale: 1, x: 30, y: 40 }, stage)).toEqual(FITTED);
  });

  it('keeps the scale between whole and MAX_ZOOM', () => {
    expect(clampView({ scale: 0.2, x: 0, y: 0 }, stage).scale).toBe(1);
    expect(zoomAbout(FITTED, 99, { x: 0, y: 0 }, stage).scale).toBe(MAX_ZOOM);
  });

  it('follows a pinch: fingers twice as far apart double the scale it began at', () => {
    expect(pinchScale(1.5, 100, 200)).toBe(3);
    expect(pinchScale(2, 100, 50)).toBe(1);
    expect(pinchScale(1, 100, 1000)).toBe(MAX_ZOOM);
    expect(pinchScale(1.5, 0, 50)).toBe(1.5);
  });
});
