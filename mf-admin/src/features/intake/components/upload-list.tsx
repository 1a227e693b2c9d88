import { useRef } from 'react';
import { Button, cx } from '@pl/ui';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useFocusHandOff } from '../../../shared/components/use-focus-hand-off.js';
import { fileSizeText, uploadProgressText } from '../utils/photo-upload.js';
import type { UploadItem } from './use-photo-uploads.js';

interface Props {
  items: UploadItem[];
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}

/**
 * The files on their way: each with its progress, or why it failed and Retry. A stored photo leaves
 * this list for the photos below; if its Cancel button had focus, the card's heading takes it.
 */
export function UploadList({ items, onRetry, onRemove }: Props) {
  if (items.length === 0) return null;
  return (
    <ul className="adm-uploads" aria-label="Uploads">
      {items.map((item) => (
        <UploadLine key={item.key} item={item} onRetry={() => onRetry(item.key)} onRemove={() => onRemove(item.key)} />
      ))}
    </ul>
  );
}

function UploadLine({ item, onRetry, onRemove }: { item: UploadItem; onRetry: () => void; onRemove: () => void }) {
  const line = useFocusHandOff<HTMLLIElement>('adm-photos-title');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // Retry goes away as the file waits again: focus moves to its Cancel.
  const retry = () => {
    onRetry();
    focusAfterRender(() => cancelRef.current);
  };
  const name = item.file.name || 'Photo';
  const progressId = `adm-upload-${item.key}`;
  return (
    <li ref={line} className={cx('adm-upload', item.status === 'failed' && 'adm-upload--failed')} data-upload-status={item.status}>
      <div className="adm-upload__head">
        <span className="adm-upload__name">{name}</span>
        <span className="adm-upload__size">{fileSizeText(item.file.size)}</span>
      </div>
      {item.status === 'failed' ? (
        <p className="adm-error adm-upload__error" data-upload-error>
          {item.error}
        </p>
      ) : item.status === 'waiting' ? (
        <p className="adm-upload__state">Waiting…</p>
      ) : (
        <div className="adm-upload__progress">
          <progress id={progressId} max={item.total || 1} value={item.loaded} aria-label={`Uploading ${name}`} />
          <span className="adm-upload__state">{uploadProgressText(item.loaded, item.total)}</span>
        </div>
      )}
      <div className="adm-upload__buttons">
        {item.status === 'failed' && item.retryable && (
          <Button size="sm" variant="outline" onClick={retry}>
            Retry<span className="pl-visually-hidden"> {name}</span>
          </Button>
        )}
        <Button ref={cancelRef} size="sm" variant="ghost" onClick={onRemove}>
          {item.status === 'failed' ? 'Dismiss' : 'Cancel'}
          <span className="pl-visually-hidden"> {name}</span>
        </Button>
      </div>
    </li>
  );
}
