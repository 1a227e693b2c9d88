import { useCallback, useEffect, useRef, useState } from 'react';
import { errorStatus, serverMessage, useQueryClient } from '@pl/ui';
import { refreshQueues, putPhotos } from '../api/intake-action.js';
import { intakeDetailQueryKey } from '../api/get-intake-detail.js';
import { uploadPhoto, type PhotoUpload } from '../api/upload-photo.js';
import { photoLimitText, photoRoom, refusedFilesText, takeFiles } from '../utils/photo-order.js';
import { canRetryUpload, refuseBeforeUpload, uploadContentType, uploadErrorText } from '../utils/photo-upload.js';

/** One chosen file on its way: waiting its turn, being sent, or failed (with why). A stored photo leaves the list. */
export interface UploadItem {
  key: string;
  file: File;
  contentType: string | undefined;
  status: 'waiting' | 'sending' | 'failed';
  loaded: number;
  total: number;
  error?: string;
  retryable: boolean;
}

let nextKey = 0;

const patch = (key: string, change: Partial<UploadItem>) => (list: UploadItem[]) => list.map((item) => (item.key === key ? { ...item, ...change } : item));
const without = (key: string) => (list: UploadItem[]) => list.filter((item) => item.key !== key);

/**
 * The photos being added to a listing. They go one at a time, in the order chosen (the catalog puts
 * each at the end, so the listing keeps that order, and a phone's upload gets the whole connection).
 * A photo shows among the listing's only once the catalog has stored it and answered with the
 * photos; until then it is a line here with its progress, and a failure stays here with its reason
 * and Retry. Leaving the page stops what is still being sent.
 */
export function usePhotoUploads(productId: string, announce: (text: string) => void) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [notice, setNotice] = useState('');
  const handles = useRef(new Map<string, PhotoUpload>());
  const announceRef = useRef(announce);
  announceRef.current = announce;

  const update = (key: string, change: Partial<UploadItem>) => setItems(patch(key, change));
  const drop = (key: string) => setItems(without(key));

  const send = useCallback(
    (item: UploadItem) => {
      setItems(patch(item.key, { status: 'sending', loaded: 0, total: item.file.size, error: undefined }));
      const upload = uploadPhoto(productId, item.file, item.contentType!, (loaded, total) => setItems(patch(item.key, { loaded, total })));
      handles.current.set(item.key, upload);
      upload.done
        .then(
          ({ photos }) => {
            putPhotos(queryClient, productId, photos);
            void refreshQueues(queryClient);
            setItems(without(item.key));
            announceRef.current(`${item.file.name} added: ${photoLimitText(photos.length)}.`);
          },
          (error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') {
              setItems(without(item.key));
              announceRef.current(`${item.file.name}: upload cancelled.`);
              return;
            }
            const status = errorStatus(error) ?? 0;
            const text = uploadErrorText({ status, serverMessage: serverMessage(error) });
            setItems(patch(item.key, { status: 'failed', error: text, retryable: canRetryUpload(status) }));
            announceRef.current(`${item.file.name} was not added. ${text}`);
            // Someone else's photos filled the listing, or it is gone: show it as it is.
            if (status === 409 || status === 404) void queryClient.invalidateQueries({ queryKey: intakeDetailQueryKey(productId) });
          },
        )
        .finally(() => handles.current.delete(item.key));
    },
    [productId, queryClient],
  );

  // One at a time: when nothing is being sent, the next waiting file goes.
  useEffect(() => {
    if (items.some((item) => item.status === 'sending')) return;
    const next = items.find((item) => item.status === 'waiting');
    if (next) send(next);
  }, [items, send]);

  useEffect(() => {
    const open = handles.current;
    return () => {
      for (const upload of open.values()) upload.abort();
    };
  }, []);

  /** Files chosen from the camera or the device: those that fit are queued, the rest refused at once, and why. */
  const add = (files: readonly File[], photoCount: number) => {
    const pending = items.filter((item) => item.status !== 'failed').length;
    const refusedHere: UploadItem[] = [];
    const sendable: File[] = [];
    for (const file of files) {
      const why = refuseBeforeUpload(file);
      if (why) refusedHere.push({ key: `u${nextKey++}`, file, contentType: undefined, status: 'failed', loaded: 0, total: file.size, error: why, retryable: false });
      else sendable.push(file);
    }
    const room = photoRoom(photoCount, pending);
    const { taken, refused } = takeFiles(sendable, room);
    const queued: UploadItem[] = taken.map((file) => ({
      key: `u${nextKey++}`,
      file,
      contentType: uploadContentType(file.name, file.type),
      status: 'waiting',
      loaded: 0,
      total: file.size,
      retryable: true,
    }));
    setItems((list) => [...list, ...queued, ...refusedHere]);
    const tooMany = refused > 0 ? refusedFilesText(refused, room) : '';
    setNotice(tooMany);
    const parts = [
      queued.length > 0 ? `${queued.length} ${queued.length === 1 ? 'photo' : 'photos'} uploading.` : '',
      refusedHere.length > 0 ? `${refusedHere.length} ${refusedHere.length === 1 ? 'file' : 'files'} refused: see below.` : '',
      tooMany,
    ].filter(Boolean);
    if (parts.length > 0) announce(parts.join(' '));
  };

  /** Sends a failed file again (it waits its turn). */
  const retry = (key: string) => update(key, { status: 'waiting', loaded: 0, error: undefined });

  /** Stops a file being sent, or takes a waiting or failed one off the list. */
  const remove = (key: string) => {
    const upload = handles.current.get(key);
    if (upload) upload.abort();
    else drop(key);
  };

  return { items, notice, add, retry, remove };
}
