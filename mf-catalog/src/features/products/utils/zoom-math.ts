/** The zoom's view of a photo: a scale (1: the whole photo fits) and how far it is moved, in CSS pixels. */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The stage the photo is shown on, and the photo's size on it when it fits (whole, centred: object-fit contain). */
export interface ZoomBox {
  stage: Size;
  photo: Size;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** Where a click (or the zoom button) takes a photo that fits. */
export const CLICK_ZOOM = 2.5;
export const FITTED: ZoomView = { scale: 1, x: 0, y: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The box of a photo of `natural` size fitted whole into `stage` (as object-fit: contain draws it); the stage for a photo of no size. */
export function zoomBox(natural: Size, stage: Size): ZoomBox {
  if (natural.width <= 0 || natural.height <= 0) return { stage, photo: stage };
  const fit = Math.min(stage.width / natural.width, stage.height / natural.height);
  return { stage, photo: { width: natural.width * fit, height: natural.height * fit } };
}

/**
 * Keeps a view on the photo: the scale between MIN_ZOOM and MAX_ZOOM, and the move no further than
 * the enlarged photo overhangs the stage on each axis, so no edge of the photo comes into the stage
 * while it is larger than the stage (and it stays centred on an axis where it is not).
 */
export function clampView(view: ZoomView, box: ZoomBox): ZoomView {
  const scale = clamp(view.scale, MIN_ZOOM, MAX_ZOOM);
  const maxX = Math.max(0, (box.photo.width * scale - box.stage.width) / 2);
  const maxY = Math.max(0, (box.photo.height * scale - box.stage.height) / 2);
  // `+ 0` turns a -0 into 0.
  return { scale, x: clamp(view.x, -maxX, maxX) + 0, y: clamp(view.y, -maxY, maxY) + 0 };
}

/**
 * The view after zooming to `scale` about a point of the stage (a click, the middle of a pinch),
 * given relative to the stage's centre: that point of the photo stays under it, as far as the photo's edges allow.
 */
export function zoomAbout(view: ZoomView, scale: number, point: { x: number; y: number }, box: ZoomBox): ZoomView {
  const next = clamp(scale, MIN_ZOOM, MAX_ZOOM);
  const ratio = next / view.scale;
  return clampView({ scale: next, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio }, box);
}

/** A click on the stage: zooms in about the point clicked when the photo fits, back to fitting when it is enlarged. */
export function toggleZoom(view: ZoomView, point: { x: number; y: number }, box: ZoomBox): ZoomView {
  return view.scale > MIN_ZOOM ? FITTED : zoomAbout(view, CLICK_ZOOM, point, box);
}

/** The scale a pinch has reached: the starting scale times how far the fingers spread (their distance now over at the start). */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startScale;
  return clamp((startScale * distance) / startDistance, MIN_ZOOM, MAX_ZOOM);
}
