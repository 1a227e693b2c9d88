import { clampView, CLICK_ZOOM, FITTED, MAX_ZOOM, pinchScale, toggleZoom, zoomAbout, zoomBox } from './zoom-math';

/** A landscape photo that fills a 400 × 300 stage. */
const filling = zoomBox({ width: 1600, height: 1200 }, { width: 400, height: 300 });

describe('the zoom', () => {
  it('fits a photo whole into the stage, as object-fit: contain draws it', () => {
    expect(filling.photo).toEqual({ width: 400, height: 300 });
    expect(zoomBox({ width: 1200, height: 1600 }, { width: 400, height: 300 }).photo).toEqual({ width: 225, height: 300 });
    expect(zoomBox({ width: 0, height: 0 }, { width: 400, height: 300 }).photo).toEqual({ width: 400, height: 300 });
  });

  it('zooms in about the point clicked, keeping that point of the photo under the pointer, and out again on the next click', () => {
    const point = { x: 100, y: -50 };
    const zoomed = toggleZoom(FITTED, point, filling);
    expect(zoomed.scale).toBe(CLICK_ZOOM);
    // The photo's point under the click (100, -50 from the centre, at scale 1) is still under it.
    expect(zoomed.x + zoomed.scale * point.x).toBeCloseTo(point.x);
    expect(zoomed.y + zoomed.scale * point.y).toBeCloseTo(point.y);
    expect(toggleZoom(zoomed, point, filling)).toEqual(FITTED);
  });

  it('never moves an edge of the enlarged photo into the stage, and centres a photo that fits', () => {
    expect(clampView({ scale: 2, x: 1000, y: -1000 }, filling)).toEqual({ scale: 2, x: 200, y: -150 });
    expect(clampView({ scale: 1, x: 30, y: 40 }, filling)).toEqual(FITTED);
  });

  it('moves a tall photo on a wide stage sideways only once it is wider than the stage', () => {
    const tall = zoomBox({ width: 1200, height: 1600 }, { width: 400, height: 300 });
    // 225 wide at 1; at 1.5, 337.5: still narrower than the stage, so it stays centred across.
    expect(clampView({ scale: 1.5, x: 80, y: 500 }, tall)).toEqual({ scale: 1.5, x: 0, y: 75 });
    // At 2.5, 562.5 wide: it may move by its overhang, (562.5 - 400) / 2.
    expect(clampView({ scale: 2.5, x: 500, y: 0 }, tall).x).toBeCloseTo(81.25);
  });

  it('keeps the scale between whole and MAX_ZOOM', () => {
    expect(clampView({ scale: 0.2, x: 0, y: 0 }, filling).scale).toBe(1);
    expect(zoomAbout(FITTED, 99, { x: 0, y: 0 }, filling).scale).toBe(MAX_ZOOM);
  });

  it('follows a pinch: fingers twice as far apart double the scale it began at', () => {
    expect(pinchScale(1.5, 100, 200)).toBe(3);
    expect(pinchScale(2, 100, 50)).toBe(1);
    expect(pinchScale(1, 100, 1000)).toBe(MAX_ZOOM);
    expect(pinchScale(1.5, 0, 50)).toBe(1.5);
  });
});
