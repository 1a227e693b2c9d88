import { centsToDecimal, ConditionGrade, decimalToCents, ReceiveReturnPayload, type AdminOrder, type ReturnedUnit } from '@pl/contracts';

type Line = AdminOrder['lines'][number];

/** The select's value for a unit that cannot go back on sale. */
export const UNSELLABLE = 'unsellable';
export const PRICE_MESSAGE = 'Enter a price such as 49.99';
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/** What the desk decides for one returned unit: a grade to put it back on sale at (with its price when that differs), or unsellable. */
export interface UnitChoice {
  grade: ConditionGrade | typeof UNSELLABLE;
  price: string;
}
/**
 * By line index in the order: whether the line is in hand, and one choice per unit of it. A line
 * not in hand yet (a second parcel still on its way) stays requested, to be received later.
 */
export type ReceiveReturnForm = Record<number, { received: boolean; units: UnitChoice[] }>;
/** By unit key (unitKey), or `form` for the request as a whole. */
export type ReceiveReturnErrors = Record<string, string>;

export const unitKey = (lineIndex: number, unitIndex: number) => `${lineIndex}-${unitIndex}`;

/** The lines the customer asked to return and the store has not received yet, with their index in the order. */
export function linesToReceive(order: Pick<AdminOrder, 'status' | 'lines'>): Array<{ index: number; line: Line }> {
  if (order.status !== 'return_requested') return [];
  return order.lines.flatMap((line, index) => (line.return?.status === 'requested' ? [{ index, line }] : []));
}

/**
 * Every line starts in hand and every unit as it was sold: back on sale at the line's grade and
 * price. A line of a grade the shop does not know starts unsellable, so nothing goes back on sale
 * at a guessed grade.
 */
export function initialReceiveForm(order: Pick<AdminOrder, 'status' | 'lines'>): ReceiveReturnForm {
  return Object.fromEntries(
    linesToReceive(order).map(({ index, line }) => {
      const grade = ConditionGrade.safeParse(line.conditionGrade).data ?? UNSELLABLE;
      return [index, { received: true, units: Array.from({ length: line.qty }, () => ({ grade, price: line.price })) }];
    }),
  );
}

/** A unit back on sale at another grade than it was sold at becomes a listing of its own, at a price of its own. */
export const needsPrice = (unit: UnitChoice, line: Pick<Line, 'conditionGrade'>): boolean => unit.grade !== UNSELLABLE && unit.grade !== line.conditionGrade;

function returnedUnit(unit: UnitChoice, line: Line): ReturnedUnit | { error: string } {
  if (unit.grade === UNSELLABLE) return { outcome: 'unsellable' };
  if (!needsPrice(unit, line)) return { outcome: 'restock', grade: unit.grade };
  const price = unit.price.trim();
  if (!PRICE.test(price) || decimalToCents(price) === 0) return { error: PRICE_MESSAGE };
  return { outcome: 'restock', grade: unit.grade, price: centsToDecimal(decimalToCents(price)) };
}

/** The lines the form says are in hand. */
const receivedLines = (order: Pick<AdminOrder, 'status' | 'lines'>, form: ReceiveReturnForm) => linesToReceive(order).filter(({ index }) => form[index]?.received);

/**
 * The form as the service takes it (one outcome per unit of every line in hand), or a message per
 * unit price that will not do (by unitKey), or for the form as a whole when no line is in hand.
 */
export function checkReceiveReturn(
  order: Pick<AdminOrder, 'status' | 'lines'>,
  form: ReceiveReturnForm,
): { payload: ReceiveReturnPayload; errors?: undefined } | { payload?: undefined; errors: ReceiveReturnErrors } {
  const errors: ReceiveReturnErrors = {};
  const lines = receivedLines(order, form).map(({ index, line }) => ({
    index,
    units: (form[index]?.units ?? []).flatMap((unit, u) => {
      const result = returnedUnit(unit, line);
      if (!('error' in result)) return [result];
      errors[unitKey(index, u)] = result.error;
      return [];
    }),
  }));
  if (Object.keys(errors).length > 0) return { errors };
  const result = ReceiveReturnPayload.safeParse({ lines });
  return result.success ? { payload: result.data } : { errors: { form: result.error.issues[0]?.message ?? 'Nothing to receive' } };
}

/** What the customer gets back for the lines in hand: their refunds as the cart service computed them (price and share of tax). */
export function refundCents(order: Pick<AdminOrder, 'status' | 'lines'>, form: ReceiveReturnForm): number {
  return receivedLines(order, form).reduce((sum, { line }) => sum + (line.return ? decimalToCents(line.return.refund) : 0), 0);
}
