import type { ServerResponse } from 'node:http';

/**
 * Runs `fn` once, just before the response's status line and headers are written, whichever way
 * they are (an explicit writeHead, or res.end/res.write writing them implicitly through writeHead).
 * A handler has committed its work by the time it answers, so this is the moment to let caches
 * forget what the work changed: the client can see the answer only after `fn` ran.
 */
export function beforeHeaders(res: ServerResponse, fn: () => void): void {
  const writeHead = res.writeHead;
  let ran = false;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!ran) {
      ran = true;
      fn();
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}
