import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { MAX_PHOTOS_PER_PRODUCT, type PhotoOrderInput, type ProductPhoto } from '@pl/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Dialog } from '@pl/ui';
import { ActionButton } from '../../../shared/components/action-button.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useArrangePhotos } from '../api/arrange-photos.js';
import { useDeletePhoto } from '../api/delete-photo.js';
import { buttonAfterMove, inOrder, movedText, moveByStep, movePhoto, orderChanged, photoLimitText, withCover, type MoveDirection } from '../utils/photo-order.js';
import { PhotoPicture, PhotoTile } from './photo-tile.js';
import { UploadList } from './upload-list.js';
import { usePhotoUploads } from './use-photo-uploads.js';

interface Props {
  productId: string;
  title: string;
  photos: ProductPhoto[];
}

/** How near the window's edge (px) a dragged photo scrolls the page, and by how much per move. */
const DRAG_SCROLL_EDGE = 64;
const DRAG_SCROLL_STEP = 12;

/**
 * The listing's photos: add from the camera or from files (up to twelve), arrange them by dragging
 * a photo's handle or with its 'Move earlier' / 'Move later' buttons, choose the cover, describe
 * each for those who cannot see it, delete one. A new order shows at once and is sent whole; what
 * the server answers replaces it. Every change is announced in the card's status line.
 */
export function PhotosCard({ productId, title, photos }: Props) {
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ text, n: a.n + 1 })), []);
  const uploads = usePhotoUploads(productId, announce);
  const arrange = useArrangePhotos(productId);
  const remove = useDeletePhoto(productId);
  const focusAfterRender = useFocusAfterRender();
  const gridRef = useRef<HTMLOListElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);

  // What is shown while a new order or cover is on its way (arrangements are sent one after another, so the last one sent is the one kept).
  const [pending, setPending] = useState<PhotoOrderInput | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const sent = useRef(0);
  // The order while a photo is being dragged, and which one (nothing is sent until it is dropped).
  const [preview, setPreview] = useState<{ id: string; order: string[] } | null>(null);
  const drag = useRef<{ id: string; pointerId: number; start: string[]; order: string[]; stop: () => void } | null>(null);

  let shown = inOrder(photos, preview?.order ?? pending?.order ?? photos.map((p) => p.id));
  if (pending?.coverId) shown = withCover(shown, pending.coverId);
  const ids = shown.map((p) => p.id);

  const send = (arrangement: PhotoOrderInput) => {
    const n = ++sent.current;
    // A cover chosen a moment ago and not yet answered goes with the next order too, so it never shows undone.
    const coverId = arrangement.coverId ?? pending?.coverId;
    const input = coverId ? { ...arrangement, coverId } : arrangement;
    setPending(input);
    chain.current = chain.current
      .then(() => arrange.mutateAsync(input))
      .catch(() => undefined)
      .finally(() => {
        if (sent.current === n) setPending(null);
      });
  };

  const move = (id: string, direction: MoveDirection) => {
    const step = moveByStep(ids, id, direction);
    if (!step) return;
    send({ order: step.order });
    announce(movedText(step.index, ids.length));
    const next = buttonAfterMove(step.index, ids.length, direction);
    focusAfterRender(() => gridRef.current?.querySelector<HTMLElement>(`[data-photo-id="${CSS.escape(id)}"] [data-move="${next}"]`));
  };

  const setCover = (id: string) => {
    send({ order: ids, coverId: id });
    announce(`Photo ${ids.indexOf(id) + 1} is now the cover.`);
  };

  // Dragging by a photo's handle: the photo under the pointer marks where the dragged one goes. The
  // page listens (not the handle, which moves in the page as the order changes and would lose the
  // pointer); Escape or a cancelled touch puts everything back.
  const finishDrag = (commit: boolean) => {
    const current = drag.current;
    if (!current) return;
    drag.current = null;
    current.stop();
    setPreview(null);
    if (!commit || !orderChanged(current.start, current.order)) return;
    send({ order: current.order });
    announce(movedText(current.order.indexOf(current.id), current.order.length));
  };
  const finishRef = useRef(finishDrag);
  finishRef.current = finishDrag;
  useEffect(() => () => finishRef.current(false), []);

  const startDrag = (event: ReactPointerEvent<HTMLElement>, id: string) => {
    if (event.button !== 0 || drag.current) return;
    event.preventDefault();
    const pointerId = event.pointerId;
    const onMove = (e: PointerEvent) => {
      const current = drag.current;
      if (!current || e.pointerId !== pointerId) return;
      if (e.clientY < DRAG_SCROLL_EDGE) window.scrollBy(0, -DRAG_SCROLL_STEP);
      else if (e.clientY > window.innerHeight - DRAG_SCROLL_EDGE) window.scrollBy(0, DRAG_SCROLL_STEP);
      const over = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>('[data-photo-id]');
      const overId = over && gridRef.current?.contains(over) ? over.dataset.photoId : undefined;
      if (!overId || overId === current.id) return;
      current.order = movePhoto(current.order, current.order.indexOf(current.id), current.order.indexOf(overId));
      setPreview({ id: current.id, order: current.order });
    };
    const onUp = (e: PointerEvent) => e.pointerId === pointerId && finishRef.current(true);
    const onCancel = (e: PointerEvent) => e.pointerId === pointerId && finishRef.current(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && finishRef.current(false);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey);
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey);
    };
    drag.current = { id, pointerId, start: ids, order: ids, stop };
    setPreview({ id, order: ids });
  };

  // Deleting, after a confirmation. The photo's own controls go with it: focus moves to its neighbour's.
  const [deleting, setDeleting] = useState<ProductPhoto | null>(null);
  const confirmDelete = async () => {
    if (!deleting || remove.isPending) return;
    const { id } = deleting;
    const index = ids.indexOf(id);
    const neighbour = ids[index + 1] ?? ids[index - 1];
    try {
      await remove.mutateAsync(id);
    } catch {
      // Toasted; the listing has been read again (the photo may be gone already, or still there).
    }
    setDeleting(null);
    const buttonOf = (photoId: string | undefined) => (photoId ? gridRef.current?.querySelector<HTMLElement>(`[data-photo-id="${CSS.escape(photoId)}"] [data-delete]`) : null);
    focusAfterRender(() => buttonOf(id) ?? buttonOf(neighbour) ?? chooseRef.current);
  };

  const open = uploads.items.filter((item) => item.status !== 'failed').length;
  const full = photos.length + open >= MAX_PHOTOS_PER_PRODUCT;
  const pick = (list: FileList | null, input: HTMLInputElement | null) => {
    const files = list ? Array.from(list) : [];
    // The same file can be chosen again (after a failure, say).
    if (input) input.value = '';
    if (files.length > 0) uploads.add(files, photos.length);
  };

  return (
    <Card className="adm-photos" role="region" aria-labelledby="adm-photos-title">
      <CardHeader>
        <CardTitle level={2} id="adm-photos-title" tabIndex={-1}>
          Photos
        </CardTitle>
        <CardDescription>
          Photos of this unit, up to {MAX_PHOTOS_PER_PRODUCT}. The cover leads the listing; drag a photo by its handle, or use its buttons, to change the order.
        </CardDescription>
      </CardHeader>
      <CardContent className="adm-photos__content">
        <p className="adm-photos__count" data-photo-count={photos.length}>
          {photoLimitText(photos.length)}
        </p>
        <div className="adm-photos__add">
          <input ref={cameraRef} type="file" accept="image/*" capture="environment" hidden tabIndex={-1} onChange={(e) => pick(e.target.files, e.target)} data-camera-input />
          <input ref={filesRef} type="file" accept="image/*,.heic,.heif" multiple hidden tabIndex={-1} onChange={(e) => pick(e.target.files, e.target)} data-files-input />
          {/* aria-disabled, not disabled, once the listing is full: the button just used keeps focus when the twelfth photo arrives. */}
          <Button onClick={() => !full && cameraRef.current?.click()} aria-disabled={full || undefined} aria-describedby="adm-photos-full">
            Take a photo
          </Button>
          <Button ref={chooseRef} variant="outline" onClick={() => !full && filesRef.current?.click()} aria-disabled={full || undefined} aria-describedby="adm-photos-full">
            Choose files
          </Button>
        </div>
        <p id="adm-photos-full" className="adm-hint">
          {full ? `A listing has at most ${MAX_PHOTOS_PER_PRODUCT} photos: delete one to add another.` : 'JPEG, PNG, WebP, HEIC or AVIF, up to 25 MB each.'}
        </p>
        {uploads.notice && (
          <p className="adm-error adm-photos__notice" role="alert">
            {uploads.notice}
          </p>
        )}
        <UploadList items={uploads.items} onRetry={uploads.retry} onRemove={uploads.remove} />
        {shown.length === 0 ? (
          <p className="pl-muted adm-photos__none">No photos yet. Shoppers see an illustration until the first one is added.</p>
        ) : (
          <ol ref={gridRef} className="adm-photo-grid" aria-busy={pending !== null || undefined}>
            {shown.map((photo, index) => (
              <PhotoTile
                key={photo.id}
                productId={productId}
                photo={photo}
                index={index}
                count={shown.length}
                dragging={preview?.id === photo.id}
                onDragStart={(event) => startDrag(event, photo.id)}
                onMove={(direction) => move(photo.id, direction)}
                onCover={() => setCover(photo.id)}
                onDelete={() => setDeleting(photo)}
                announce={announce}
              />
            ))}
          </ol>
        )}
        <p className="pl-visually-hidden" role="status" aria-live="polite" data-photos-status>
          {announcement.text}
          {/* A repeated message ('Photo moved to position 2 of 5.' twice) is a change, so it is read again. */}
          {announcement.n % 2 === 1 ? '\u00a0' : ''}
        </p>
      </CardContent>
      <Dialog open={deleting !== null} onOpenChange={(isOpen) => !isOpen && setDeleting(null)} title="Delete this photo?" description={`It leaves ${title} for good; shoppers no longer see it.`}>
        {deleting && (
          <div className="adm-photo-delete">
            <PhotoPicture photo={deleting} sizes="8rem" className="adm-photo-delete__picture" />
            <div className="adm-dialog__buttons">
              <Button variant="outline" onClick={() => setDeleting(null)}>
                Keep photo
              </Button>
              <ActionButton variant="destructive" className="adm-photo-delete__confirm" pending={remove.isPending} onClick={() => void confirmDelete()}>
                Delete photo
              </ActionButton>
            </div>
          </div>
        )}
      </Dialog>
    </Card>
  );
}
