import type { OrderLine } from '@pl/contracts';
import { checkReturnRequest, emptyReturnForm, REASON_REQUIRED_MESSAGE, returnableLines, toggleReturnLine } from './return-request';

const buildLine = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  title: 'Brass Desk Lamp',
  sku: 'LAMP-001',
  conditionGrade: 'OPEN_BOX',
  price: '50.00',
  qty: 1,
  subtotal: '50.00',
  finalSale: false,
  returnable: true,
  return: null,
  ...overrides,
});

describe('the lines a return may be asked for', () => {
  it('keeps the returnable lines with their index in the order', () => {
    const lines = [buildLine({ sku: 'A' }), buildLine({ sku: 'B', conditionGrade: 'FOR_PARTS', finalSale: true, returnable: false }), buildLine({ sku: 'C' })];
    expect(returnableLines({ lines }).map(({ index, line }) => [index, line.sku])).toEqual([
      [0, 'A'],
      [2, 'C'],
    ]);
  });
});

describe('the return form', () => {
  it('asks for at least one item', () => {
    expect(checkReturnRequest(emptyReturnForm)).toEqual({ errors: { lines: 'Choose at least one item to return' } });
  });

  it('asks for the reason of each ticked line, by its index in the order', () => {
    const form = toggleReturnLine(toggleReturnLine(emptyReturnForm, 0, true), 3, true);
    const chosen = { ...form, chosen: { ...form.chosen, 0: 'damaged' as const } };
    expect(checkReturnRequest(chosen)).toEqual({ errors: { reasons: { 3: REASON_REQUIRED_MESSAGE } } });
  });

  it('sends the ticked lines in order, each with its reason and the one comment, trimmed', () => {
    const form = { chosen: { 2: 'wrong_item' as const, 0: 'does_not_work' as const }, comment: '  Box was sealed.  ' };
    expect(checkReturnRequest(form)).toEqual({
      payload: {
        lines: [
          { index: 0, reason: 'does_not_work', comment: 'Box was sealed.' },
          { index: 2, reason: 'wrong_item', comment: 'Box was sealed.' },
        ],
      },
    });
  });

  it('sends no comment when none was written', () => {
    expect(checkReturnRequest({ chosen: { 1: 'changed_mind' }, comment: '   ' })).toEqual({ payload: { lines: [{ index: 1, reason: 'changed_mind' }] } });
  });

  it('refuses a comment longer than the service takes', () => {
    expect(checkReturnRequest({ chosen: { 0: 'other' }, comment: 'x'.repeat(501) }).errors?.comment).toBeDefined();
  });

  it('forgets the reason of a line that is unticked', () => {
    const ticked = { chosen: { 0: 'damaged' as const, 1: 'other' as const }, comment: '' };
    expect(toggleReturnLine(ticked, 0, false).chosen).toEqual({ 1: 'other' });
    expect(toggleReturnLine(toggleReturnLine(ticked, 0, false), 0, true).chosen).toEqual({ 0: '', 1: 'other' });
  });
});
