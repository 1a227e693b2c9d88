import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { ProductPhoto } from '@pl/contracts';
import { Button, cx, Dialog } from '@pl/ui';
import { indexAfterKey } from '../utils/gallery-index.js';
import { clampView, CLICK_ZOOM, FITTED, pinchScale, toggleZoom, zoomAbout, zoomBox, type Size, type ZoomView } from '../utils/zoom-math.js';
import { ProductImage } from './product-image.js';

export interface PhotoZoomProps {
  photos: readonly ProductPhoto[];
  index: number;
  onIndexChange(index: number): void;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The unit's photos full screen, for a close look at its condition: a modal dialog (focus kept
 * inside, Escape closes it and focus goes back to the photo that opened it). Left and Right go
 * through the photos, + and - zoom; a click zooms in about the point clicked and out again; on a
 * touch screen two fingers pinch to zoom and one moves the enlarged photo (pointer events; the
 * photo is moved by a CSS transform).
 */
export function PhotoZoom({ photos, index, onIndexChange, open, onOpenChange }: PhotoZoomProps) {
  const photo = photos[index]!;
  // The view belongs to the photo it was made on: another photo, or the zoom opened again, starts whole.
  const [zoom, setZoom] = useState<{ photoId: string; view: ZoomView } | null>(null);
  const view = zoom?.photoId === photo.id ? zoom.view : FITTED;
  const setView = (update: (view: ZoomView) => ZoomView) => setZoom((z) => ({ photoId: photo.id, view: update(z?.photoId === photo.id ? z.view : FITTED) }));
  const stageRef = useRef<HTMLDivElement>(null);
  const close = (next: boolean) => {
    if (!next) setZoom(null);
    onOpenChange(next);
  };

  const box = () => {
    const rect = stageRef.current?.getBoundingClientRect();
    return zoomBox(photo, { width: rect?.width ?? 0, height: rect?.height ?? 0 });
  };
  const zoomBy = (factor: number) => setView((v) => zoomAbout(v, v.scale * factor, { x: 0, y: 0 }, box()));

  const keys = useRef({ index, count: photos.length, onIndexChange, zoomBy });
  keys.current = { index, count: photos.length, onIndexChange, zoomBy };
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const { index: at, count, onIndexChange: go, zoomBy: zoom } = keys.current;
      const next = indexAfterKey(event.key, at, count);
      if (next !== undefined) {
        event.preventDefault();
        go(next);
      } else if (event.key === '+' || event.key === '=') {
        event.preventDefault();
        zoom(1.5);
      } else if (event.key === '-') {
        event.preventDefault();
        zoom(1 / 1.5);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const several = photos.length > 1;
  const step = (delta: number) => onIndexChange((index + delta + photos.length) % photos.length);
  return (
    <Dialog open={open} onOpenChange={close} title={`Photo ${index + 1} of ${photos.length}`} description={photo.alt} className="cat-zoom">
      <ZoomStage key={photo.id} photo={photo} view={view} onViewChange={setView} stageRef={stageRef} />
      <div className="cat-zoom__controls">
        {several && (
          <Button variant="outline" onClick={() => step(-1)} aria-label="Previous photo">
            <span aria-hidden="true">‹</span> Previous
          </Button>
        )}
        <Button variant="outline" onClick={() => setView((v) => (v.scale > 1 ? FITTED : clampView({ scale: CLICK_ZOOM, x: 0, y: 0 }, box())))} data-zoom-toggle="">
          {view.scale > 1 ? 'Zoom out' : 'Zoom in'}
        </Button>
        {several && (
          <Button variant="outline" onClick={() => step(1)} aria-label="Next photo">
            Next <span aria-hidden="true">›</span>
          </Button>
        )}
      </div>
      <p className="cat-zoom__hint pl-muted">{several ? 'Arrow keys: previous and next photo. ' : ''}Click the photo to zoom in or out; on a touch screen, pinch to zoom.</p>
    </Dialog>
  );
}

interface Gesture {
  /** Where each finger (or the mouse) is, by pointer id. */
  pointers: Map<number, { x: number; y: number }>;
  /** A pinch: the fingers' distance and the scale when it began. */
  pinch?: { distance: number; scale: number };
  /** Moved beyond a tap (pan or pinch): the release is no click. */
  moved: boolean;
  start?: { x: number; y: number };
}

const distanceOf = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
/** Beyond this many pixels a press is a drag, not a click. */
const TAP_SLOP_PX = 6;

function ZoomStage({
  photo,
  view,
  onViewChange,
  stageRef,
}: {
  photo: ProductPhoto;
  view: ZoomView;
  onViewChange: (update: (view: ZoomView) => ZoomView) => void;
  stageRef: RefObject<HTMLDivElement | null>;
}) {
  const gesture = useRef<Gesture>({ pointers: new Map(), moved: false });

  /** The event's point relative to the stage's centre, and the stage with the photo fitted on it. */
  const locate = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const stage: Size = { width: rect.width, height: rect.height };
    return { point: { x: event.clientX - rect.left - rect.width / 2, y: event.clientY - rect.top - rect.height / 2 }, box: zoomBox(photo, stage) };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const g = gesture.current;
    const { point } = locate(event);
    if (g.pointers.size === 0) g.moved = false;
    g.pointers.set(event.pointerId, point);
    g.start ??= point;
    if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      g.pinch = { distance: distanceOf(a, b), scale: view.scale };
      g.moved = true;
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    const before = g.pointers.get(event.pointerId);
    if (!before) return;
    const { point, box } = locate(event);
    g.pointers.set(event.pointerId, point);
    if (g.pinch && g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const pinch = g.pinch;
      onViewChange((v) => zoomAbout(v, pinchScale(pinch.scale, pinch.distance, distanceOf(a, b)), middle, box));
      return;
    }
    if (g.start && distanceOf(point, g.start) > TAP_SLOP_PX) g.moved = true;
    if (g.moved && g.pointers.size === 1) onViewChange((v) => (v.scale > 1 ? clampView({ ...v, x: v.x + point.x - before.x, y: v.y + point.y - before.y }, box) : v));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.delete(event.pointerId)) return;
    if (g.pointers.size < 2) g.pinch = undefined;
    if (g.pointers.size > 0) return;
    g.start = undefined;
    if (event.type === 'pointerup' && !g.moved) {
      const { point, box } = locate(event);
      onViewChange((v) => toggleZoom(v, point, box));
    }
  };

  const enlarged = view.scale > 1;
  return (
    <div
      ref={stageRef}
      className={cx('cat-zoom__stage', enlarged && 'cat-zoom__stage--enlarged')}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      data-zoom-scale={view.scale.toFixed(2)}
    >
      <div className="cat-zoom__frame" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}>
        <ProductImage photo={photo} src={photo.src} size="zoom" alt={photo.alt} loading="eager" className="cat-zoom__image" />
      </div>
    </div>
  );
}
