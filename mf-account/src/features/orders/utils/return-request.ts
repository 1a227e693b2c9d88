import { RequestReturnPayload, type Order, type ReturnReason } from '@pl/contracts';

export const REASON_REQUIRED_MESSAGE = 'Choose a reason';

/** The return form as filled in: each ticked line (by its index in the order) with its reason, '' until one is chosen. */
export interface ReturnForm {
  chosen: Readonly<Record<number, ReturnReason | ''>>;
  comment: string;
}

export const emptyReturnForm: ReturnForm = { chosen: {}, comment: '' };

export interface ReturnFormErrors {
  lines?: string;
  /** By line index. */
  reasons?: Partial<Record<number, string>>;
  comment?: string;
}

/** The lines a return may be asked for now, with their index in the order (the payload names lines by it). */
export function returnableLines(order: Pick<Order, 'lines'>): Array<{ index: number; line: Order['lines'][number] }> {
  return order.lines.flatMap((line, index) => (line.returnable ? [{ index, line }] : []));
}

/** Ticks or unticks a line; a ticked line starts without a reason, so none is sent that the customer did not choose. */
export function toggleReturnLine(form: ReturnForm, index: number, checked: boolean): ReturnForm {
  const chosen = { ...form.chosen };
  if (checked) chosen[index] = '';
  else delete chosen[index];
  return { ...form, chosen };
}

/**
 * The form, checked with the contract before it is sent: the payload (the one comment goes with
 * every line), or a message per field.
 */
export function checkReturnRequest(form: ReturnForm): { payload: RequestReturnPayload; errors?: undefined } | { payload?: undefined; errors: ReturnFormErrors } {
  const indexes = Object.keys(form.chosen)
    .map(Number)
    .sort((a, b) => a - b);
  const comment = form.comment.trim();
  const result = RequestReturnPayload.safeParse({
    lines: indexes.map((index) => ({ index, reason: form.chosen[index], ...(comment ? { comment } : {}) })),
  });
  if (result.success) return { payload: result.data };
  const errors: ReturnFormErrors = {};
  for (const issue of result.error.issues) {
    const [, position, field] = issue.path;
    if (typeof position !== 'number') errors.lines ??= issue.message;
    else if (field === 'reason') (errors.reasons ??= {})[indexes[position]!] = REASON_REQUIRED_MESSAGE;
    else if (field === 'comment') errors.comment ??= issue.message;
  }
  return { errors };
}
