/** The zoom's view of a photo: a scale (1: the whole photo fits) and how far it is moved, in CSS pixels. */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** Where a click (or the zoom button) takes a photo that fits. */
export const CLICK_ZOOM = 2.5;
export const FITTED: ZoomView = { scale: 1, x: 0, y: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Keeps a view inside the photo: the scale between MIN_ZOOM and MAX_ZOOM, and the move no further
 * than the enlarged photo's overhang (half of what it grew by) on each axis, so no edge comes away
 * from the stage. At scale 1 the photo is centred.
 */
export function clampView(view: ZoomView, stage: { width: number; height: number }): ZoomView {
  const scale = clamp(view.scale, MIN_ZOOM, MAX_ZOOM);
  const maxX = ((scale - 1) * stage.width) / 2;
  const maxY = ((scale - 1) * stage.height) / 2;
  // `+ 0` turns a -0 into 0.
  return { scale, x: clamp(view.x, -maxX, maxX) + 0, y: clamp(view.y, -maxY, maxY) + 0 };
}

/**
 * The view after zooming to `scale` about a point of the stage (a click, the middle of a pinch),
 * given relative to the stage's centre: that point of the photo stays under it.
 */
export function zoomAbout(view: ZoomView, scale: number, point: { x: number; y: number }, stage: { width: number; height: number }): ZoomView {
  const next = clamp(scale, MIN_ZOOM, MAX_ZOOM);
  const ratio = next / view.scale;
  return clampView({ scale: next, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio }, stage);
}

/** A click on the stage: zooms in about the point clicked when the photo fits, back to fitting when it is enlarged. */
export function toggleZoom(view: ZoomView, point: { x: number; y: number }, stage: { width: number; height: number }): ZoomView {
  return view.scale > MIN_ZOOM ? FITTED : zoomAbout(view, CLICK_ZOOM, point, stage);
}

/** The scale a pinch has reached: the starting scale times how far the fingers spread (their distance now over at the start). */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startScale;
  return clamp((startScale * distance) / startDistance, MIN_ZOOM, MAX_ZOOM);
}
