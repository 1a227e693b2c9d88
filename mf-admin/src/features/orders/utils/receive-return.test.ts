import { buildLine, buildOrder, buildReturn } from '../testing/admin-order.fixture';
import { checkReceiveReturn, initialReceiveForm, linesToReceive, needsPrice, PRICE_MESSAGE, refundCents, UNSELLABLE, type ReceiveReturnForm } from './receive-return';

// Line 0 was received already; lines 1 (two lamps) and 2 (a TV) wait for the store; line 3 was not returned.
const order = buildOrder({
  status: 'return_requested',
  lines: [
    buildLine({ sku: 'CHAIR-1', qty: 1, return: buildReturn({ status: 'received', receivedAt: '2025-03-21T10:00:00.000Z', refund: '20.00' }) }),
    buildLine({ sku: 'LAMP-001', qty: 2, price: '50.00', conditionGrade: 'OPEN_BOX', return: buildReturn({ refund: '108.00' }) }),
    buildLine({ sku: 'TV-1', qty: 1, price: '199.99', conditionGrade: 'NEW_IN_BOX', return: buildReturn({ reason: 'changed_mind', refund: '215.99' }) }),
    buildLine({ sku: 'CABLE-1', qty: 1 }),
  ],
});

describe('the lines the store receives', () => {
  it('are those asked for and not yet received, with their index in the order', () => {
    expect(linesToReceive(order).map(({ index, line }) => [index, line.sku])).toEqual([
      [1, 'LAMP-001'],
      [2, 'TV-1'],
    ]);
  });

  it('are none unless a return is waiting', () => {
    expect(linesToReceive({ ...order, status: 'returned' })).toEqual([]);
  });
});

describe('the receive-return form', () => {
  it('starts with every line in hand and one choice per unit: back on sale as sold, at the price sold', () => {
    expect(initialReceiveForm(order)).toEqual({
      1: {
        received: true,
        units: [
          { grade: 'OPEN_BOX', price: '50.00' },
          { grade: 'OPEN_BOX', price: '50.00' },
        ],
      },
      2: { received: true, units: [{ grade: 'NEW_IN_BOX', price: '199.99' }] },
    });
  });

  it('starts a line of a grade the shop does not know as unsellable, so nothing goes on sale at a guess', () => {
    const odd = buildOrder({ status: 'return_requested', lines: [buildLine({ conditionGrade: 'MYSTERY', qty: 1, return: buildReturn() })] });
    expect(initialReceiveForm(odd)).toEqual({ 0: { received: true, units: [{ grade: UNSELLABLE, price: '50.00' }] } });
  });

  it('asks a price only of a unit going back on sale at another grade', () => {
    const line = { conditionGrade: 'OPEN_BOX' };
    expect(needsPrice({ grade: 'OPEN_BOX', price: '50.00' }, line)).toBe(false);
    expect(needsPrice({ grade: 'USED', price: '50.00' }, line)).toBe(true);
    expect(needsPrice({ grade: UNSELLABLE, price: '50.00' }, line)).toBe(false);
  });

  it('sends every unit as chosen: restocked as sold, regraded with its own price, or unsellable', () => {
    const form: ReceiveReturnForm = {
      1: {
        received: true,
        units: [
          { grade: 'OPEN_BOX', price: '50.00' },
          { grade: 'USED', price: ' 35.5 ' },
        ],
      },
      2: { received: true, units: [{ grade: UNSELLABLE, price: '199.99' }] },
    };
    expect(checkReceiveReturn(order, form)).toEqual({
      payload: {
        lines: [
          { index: 1, units: [{ outcome: 'restock', grade: 'OPEN_BOX' }, { outcome: 'restock', grade: 'USED', price: '35.50' }] },
          { index: 2, units: [{ outcome: 'unsellable' }] },
        ],
      },
    });
  });

  it('leaves out a line not in hand yet, and refunds only the lines in hand', () => {
    const form = { ...initialReceiveForm(order), 2: { received: false, units: [{ grade: 'NEW_IN_BOX' as const, price: '199.99' }] } };
    expect(checkReceiveReturn(order, form).payload?.lines.map((l) => l.index)).toEqual([1]);
    expect(refundCents(order, form)).toBe(10800);
    expect(refundCents(order, initialReceiveForm(order))).toBe(32399);
  });

  it('asks for at least one line in hand', () => {
    const form: ReceiveReturnForm = { 1: { received: false, units: [] }, 2: { received: false, units: [] } };
    expect(checkReceiveReturn(order, form)).toEqual({ errors: { form: 'Choose at least one returned line' } });
  });

  it('names each regraded unit whose price will not do', () => {
    const form: ReceiveReturnForm = {
      1: {
        received: true,
        units: [
          { grade: 'USED', price: '' },
          { grade: 'LIGHTLY_USED', price: '0' },
        ],
      },
      2: { received: true, units: [{ grade: 'OPEN_BOX', price: '12,50' }] },
    };
    expect(checkReceiveReturn(order, form)).toEqual({ errors: { '1-0': PRICE_MESSAGE, '1-1': PRICE_MESSAGE, '2-0': PRICE_MESSAGE } });
  });

  it('ignores the price of a unit restocked as sold or written off, whatever its hidden field holds', () => {
    const form: ReceiveReturnForm = {
      1: { received: true, units: [{ grade: 'OPEN_BOX', price: 'x' }, { grade: UNSELLABLE, price: '' }] },
      2: { received: true, units: [{ grade: 'NEW_IN_BOX', price: '' }] },
    };
    expect(checkReceiveReturn(order, form).payload?.lines.map((l) => l.units)).toEqual([
      [{ outcome: 'restock', grade: 'OPEN_BOX' }, { outcome: 'unsellable' }],
      [{ outcome: 'restock', grade: 'NEW_IN_BOX' }],
    ]);
  });
});
