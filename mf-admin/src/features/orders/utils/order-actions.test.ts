import { actionErrorToast, checkCancelReason, checkShipment } from './order-actions';

describe("the 'Mark shipped' form", () => {
  it('sends the carrier and tracking number without surrounding spaces', () => {
    expect(checkShipment({ carrier: ' UPS ', trackingNumber: ' 1Z 999-AA1 ' })).toEqual({ payload: { carrier: 'UPS', trackingNumber: '1Z 999-AA1' } });
  });

  it('names each missing field', () => {
    expect(checkShipment({ carrier: '  ', trackingNumber: '' })).toEqual({
      errors: { carrier: 'Carrier is required', trackingNumber: 'Tracking number is required' },
    });
  });

  it('refuses a tracking number with other characters', () => {
    expect(checkShipment({ carrier: 'UPS', trackingNumber: '1Z#99' }).errors).toEqual({
      trackingNumber: 'Tracking number: letters, digits, spaces and dashes only',
    });
  });
});

describe('the toast of a failed action', () => {
  it("is titled 'Action refused' with the server's reason for a 409 or a 400", () => {
    const reason = 'This order is already picked up: it cannot be marked ready for pickup.';
    expect(actionErrorToast(409, reason)).toEqual({ title: 'Action refused', description: reason });
    expect(actionErrorToast(400, 'Carrier is required')).toEqual({ title: 'Action refused', description: 'Carrier is required' });
  });

  it('falls back to its own words when the server gave none', () => {
    expect(actionErrorToast(409, undefined)).toEqual({ title: 'Action refused', description: 'The order could not be changed this way.' });
    expect(actionErrorToast(undefined, undefined)).toEqual({ title: 'Action failed', description: 'The order could not be updated. Please try again.' });
    expect(actionErrorToast(502, 'Bad gateway')).toEqual({ title: 'Action failed', description: 'Bad gateway' });
  });
});

describe('cancelling an order', () => {
  it('sends the reason the customer will read, without surrounding spaces', () => {
    expect(checkCancelReason('  The lamp was damaged in storage. ')).toEqual({ payload: { reason: 'The lamp was damaged in storage.' } });
  });

  it('refuses an empty reason with the service\'s own words', () => {
    expect(checkCancelReason('   ')).toEqual({ error: 'Say why the order is cancelled (the customer reads it)' });
  });

  it('refuses a reason longer than the service keeps', () => {
    expect(checkCancelReason('x'.repeat(301)).error).toBeDefined();
    expect(checkCancelReason('x'.repeat(300)).payload?.reason).toHaveLength(300);
  });
});
