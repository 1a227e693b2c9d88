import { useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { PHOTO_ALT_MAX, type ProductPhoto } from '@pl/contracts';
import { Badge, Button, cx, Input, Label } from '@pl/ui';
import { useDescribePhoto } from '../api/describe-photo.js';
import { photoPositionText, type MoveDirection } from '../utils/photo-order.js';

interface TileProps {
  productId: string;
  photo: ProductPhoto;
  index: number;
  count: number;
  dragging: boolean;
  onDragStart: (event: ReactPointerEvent<HTMLElement>) => void;
  onMove: (direction: MoveDirection) => void;
  onCover: () => void;
  onDelete: () => void;
  announce: (text: string) => void;
}

/** One photo at the desk: the picture with its drag handle, its description, and its buttons. */
export function PhotoTile({ productId, photo, index, count, dragging, onDragStart, onMove, onCover, onDelete, announce }: TileProps) {
  const position = photoPositionText(index, count);
  return (
    <li className={cx('adm-photo', dragging && 'adm-photo--dragging')} data-photo-id={photo.id} data-cover={photo.cover || undefined}>
      <div className="adm-photo__frame">
        <PhotoPicture photo={photo} sizes="(min-width: 640px) 12rem, 7rem" className="adm-photo__picture" />
        {photo.cover && (
          <Badge className="adm-photo__cover" tone="green">
            Cover
          </Badge>
        )}
        {/* For a mouse or a finger; the keyboard has 'Move earlier' and 'Move later'. */}
        <span className="adm-photo__handle" aria-hidden="true" title="Drag to reorder" onPointerDown={onDragStart} data-drag-handle>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </svg>
        </span>
      </div>
      <PhotoAltField productId={productId} photo={photo} position={position} announce={announce} />
      <div className="adm-photo__buttons">
        <Button variant="outline" size="sm" onClick={() => onMove('earlier')} disabled={index === 0} data-move="earlier">
          Move earlier<span className="pl-visually-hidden">: {position}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => onMove('later')} disabled={index === count - 1} data-move="later">
          Move later<span className="pl-visually-hidden">: {position}</span>
        </Button>
        {/* Stays in place (aria-disabled) on the cover, so focus stays on it once it has made its photo the cover. */}
        <Button variant="outline" size="sm" aria-disabled={photo.cover || undefined} onClick={photo.cover ? undefined : onCover} data-set-cover>
          Set as cover<span className="pl-visually-hidden">: {position}</span>
        </Button>
        <Button variant="ghost" size="sm" className="adm-photo__delete" onClick={onDelete} data-delete>
          Delete<span className="pl-visually-hidden">: {position}</span>
        </Button>
      </div>
    </li>
  );
}

/** The photo at the size the page needs: WebP where the browser takes it, JPEG otherwise; the blurred placeholder until it loads. */
export function PhotoPicture({ photo, sizes, className }: { photo: ProductPhoto; sizes: string; className?: string }) {
  return (
    <picture className={className}>
      <source type="image/webp" srcSet={photo.webpSrcset} sizes={sizes} />
      <img
        src={photo.src}
        srcSet={photo.srcset}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading="lazy"
        decoding="async"
        style={{ backgroundImage: `url("${photo.placeholder}")` }}
      />
    </picture>
  );
}

interface AltProps {
  productId: string;
  photo: ProductPhoto;
  position: string;
  announce: (text: string) => void;
}

/**
 * The photo's description (its alt text), saved when the field is left or Enter is pressed; Escape
 * puts back the saved one. A description changed elsewhere shows here unless this one is being edited.
 */
function PhotoAltField({ productId, photo, position, announce }: AltProps) {
  const describe = useDescribePhoto(productId);
  const [draft, setDraft] = useState(photo.alt);
  const [saved, setSaved] = useState(photo.alt);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  if (photo.alt !== saved) {
    setSaved(photo.alt);
    if (draft === saved) setDraft(photo.alt);
  }
  const id = `adm-photo-alt-${photo.id}`;
  const noteId = `${id}-note`;

  const commit = async () => {
    const alt = draft.trim();
    if (alt === photo.alt) {
      setDraft(alt);
      return;
    }
    if (alt === '') {
      setError('Describe the photo: shoppers who cannot see it hear this.');
      return;
    }
    if (describe.isPending) return;
    setError(undefined);
    try {
      await describe.mutateAsync({ photoId: photo.id, alt });
      setDone(true);
      announce(`Description of ${position} saved.`);
    } catch {
      // Toasted; the draft stays for another try.
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape' && draft !== photo.alt) {
      event.preventDefault();
      setDraft(photo.alt);
      setError(undefined);
    }
  };

  return (
    <div className="adm-photo__alt">
      <Label htmlFor={id}>
        Description<span className="pl-visually-hidden"> of {position}</span>
      </Label>
      <Input
        id={id}
        value={draft}
        maxLength={PHOTO_ALT_MAX}
        enterKeyHint="done"
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
          setDone(false);
        }}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
      />
      <p id={noteId} className={cx('adm-photo__note', error && 'pl-field__error')}>
        {error ?? (describe.isPending ? 'Saving…' : done ? 'Saved.' : 'What the photo shows, for those who cannot see it.')}
      </p>
    </div>
  );
}
