import { ApiPaths, PhotoList } from '@pl/contracts';
import { ApiError } from '@pl/ui';

export interface PhotoUpload {
  /** The listing's photos once the catalog has stored this one; an ApiError when it refused (status 0: no answer). */
  done: Promise<PhotoList>;
  /** Stops sending: `done` fails with an AbortError. */
  abort: () => void;
}

/**
 * POST /api/admin/intake/:productId/photos?alt=: the image file's own bytes, with its type. Sent
 * with XMLHttpRequest rather than the shop's fetch client (apiJson), because fetch cannot report
 * how much of a request body has gone and a phone's photo takes seconds on the shop's Wi-Fi. It is
 * the same request otherwise: the session cookie goes with it, the browser adds Origin and
 * Sec-Fetch-Site for the gateway's CSRF check as it does for fetch, and a non-ok answer becomes the
 * ApiError every other call throws, read by ApiError.of from the same body. (The client's
 * first-write queue is for a visitor's guest session; an admin is signed in.)
 */
export function uploadPhoto(productId: string, file: Blob, contentType: string, onProgress: (loaded: number, total: number) => void, alt?: string): PhotoUpload {
  const xhr = new XMLHttpRequest();
  const query = alt ? `?${new URLSearchParams({ alt })}` : '';
  const done = new Promise<PhotoList>((resolve, reject) => {
    xhr.open('POST', `${ApiPaths.catalog.photos(productId)}${query}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr) });
      if (!response.ok) {
        void ApiError.of(response).then(reject, reject);
        return;
      }
      response
        .json()
        .then((body: unknown) => resolve(PhotoList.parse(body)))
        .catch(reject);
    };
    // No answer at all (offline, the connection dropped): status 0, as the desk words it.
    xhr.onerror = () => reject(new ApiError(0, 'Network error', undefined, undefined));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}

/** The answer's headers (Retry-After is what ApiError reads from them). */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}
