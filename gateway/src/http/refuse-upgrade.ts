import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Answers a websocket upgrade request with a plain HTTP error and closes the socket once it is sent. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
