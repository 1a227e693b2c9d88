import { payloadPreview } from './event-preview';

describe('payloadPreview', () => {
  it('shows a short payload whole, as JSON', () => {
    expect(payloadPreview({ sku: 'A1', onHand: 3 })).toBe('{"sku":"A1","onHand":3}');
  });

  it('cuts a long payload to 50 characters and marks the cut', () => {
    const preview = payloadPreview({ description: 'x'.repeat(200) });
    expect(preview).toBe(`{"description":"${'x'.repeat(34)}...`);
    expect(preview.length).toBe(53);
  });

  it('shows strings as they are and copes with payloads JSON cannot encode', () => {
    expect(payloadPreview('raw text')).toBe('raw text');
    expect(payloadPreview(undefined)).toBe('');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(payloadPreview(circular)).toBe('[object Object]');
  });
});
