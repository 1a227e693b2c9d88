import { FINAL_SALE_TEXT } from '@pl/contracts';
import type { OrderLineRecord } from '../db/orders.repo.js';
import { returnWindowEnd, whyNotReturnable } from './return-policy.js';
import { RETURN_WINDOW_DAYS } from './shop-rules.js';

const line = (conditionGrade: string): OrderLineRecord => ({ title: 'Desk Lamp', sku: 'LAMP-1', conditionGrade, unitPriceCents: 2500, qty: 1 });
const fulfilledAt = new Date('2026-11-02T15:30:00.000Z');
const order = { fulfilledAt, lines: [line('OPEN_BOX'), line('FOR_PARTS')] };
const none = new Set<number>();
const end = new Date(fulfilledAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000);

describe('the return window', () => {
  it(`ends exactly ${RETURN_WINDOW_DAYS} days after pickup or delivery, to the millisecond`, () => {
    expect(returnWindowEnd(order)).toEqual(new Date('2026-11-09T15:30:00.000Z'));
  });

  it('takes a return at the last millisecond of the window and refuses one a millisecond later', () => {
    expect(whyNotReturnable(order, 0, none, end)).toBeNull();
    expect(whyNotReturnable(order, 0, none, new Date(end.getTime() + 1))).toBe(`Returns for this order closed on 2026-11-09 (${RETURN_WINDOW_DAYS} days after pickup or delivery).`);
  });

  it('opens at pickup or delivery, not before', () => {
    expect(whyNotReturnable({ ...order, fulfilledAt: null }, 0, none, fulfilledAt)).toBe('A return can be requested once the order has been picked up or delivered.');
    expect(whyNotReturnable(order, 0, none, fulfilledAt)).toBeNull();
  });

  it('never takes a final-sale line or a line asked for already, even inside the window', () => {
    expect(whyNotReturnable(order, 1, none, fulfilledAt)).toBe(`Desk Lamp: ${FINAL_SALE_TEXT}`);
    expect(whyNotReturnable(order, 0, new Set([0]), fulfilledAt)).toBe('Desk Lamp: a return was already requested.');
  });
});
