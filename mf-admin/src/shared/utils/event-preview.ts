/** Spec §9: 10 recent events are shown, each payload previewed in at most 50 characters. */
export const EVENTS_SHOWN = 10;
export const PAYLOAD_PREVIEW_CHARS = 50;

export function payloadPreview(payload: unknown): string {
  let text: string;
  try {
    text = typeof payload === 'string' ? payload : (JSON.stringify(payload) ?? '');
  } catch {
    text = String(payload);
  }
  return text.length > PAYLOAD_PREVIEW_CHARS ? `${text.slice(0, PAYLOAD_PREVIEW_CHARS)}...` : text;
}
