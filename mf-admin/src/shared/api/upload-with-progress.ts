import { ApiError } from '@pl/ui';

export interface Upload<Answer> {
  /** The parsed answer; an ApiError when the shop refused (status 0: no answer). */
  done: Promise<Answer>;
  /** Stops sending: `done` fails with an AbortError. */
  abort: () => void;
}

/**
 * POSTs a file's own bytes with its type and reports how much has gone. Sent with XMLHttpRequest
 * rather than the shop's fetch client (apiJson), because fetch cannot report how much of a request
 * body has gone, and a phone's photo or a supplier's manifest takes seconds on the shop's Wi-Fi. It
 * is the same request otherwise: the session cookie goes with it, the browser adds Origin and
 * Sec-Fetch-Site for the gateway's CSRF check as it does for fetch, and a non-ok answer becomes the
 * ApiError every other call throws, read by ApiError.of from the same body. (The client's
 * first-write queue is for a visitor's guest session; an admin is signed in.)
 */
export function uploadWithProgress<Answer>(
  url: string,
  body: Blob,
  contentType: string,
  onProgress: (loaded: number, total: number) => void,
  parse: (answer: unknown) => Answer,
): Upload<Answer> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Answer>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : body.size);
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr) });
      if (!response.ok) {
        void ApiError.of(response).then(reject, reject);
        return;
      }
      response
        .json()
        .then((answer: unknown) => resolve(parse(answer)))
        .catch(reject);
    };
    // No answer at all (offline, the connection dropped): status 0, as the admin pages word it.
    xhr.onerror = () => reject(new ApiError(0, 'Network error', undefined, undefined));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(body);
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
