/** The `message` of a JSON answer such as `{ message: 'Your email address has been verified.' }`, if it has one. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}
