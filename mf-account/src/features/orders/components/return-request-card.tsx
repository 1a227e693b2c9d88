import { useState, type FormEvent } from 'react';
import { RETURN_REASON_LABELS, RETURN_REFUND_TEXT, ReturnReason, ReturnReasons, type Order } from '@pl/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, Checkbox, Label, Select, serverMessage } from '@pl/ui';
import { useRequestReturn } from '../api/request-return.js';
import { formatOrderTime } from '../utils/order-view.js';
import { checkReturnRequest, emptyReturnForm, returnableLines, toggleReturnLine, type ReturnFormErrors } from '../utils/return-request.js';

interface Props {
  order: Order;
  /** The e-mail link's key, when the page was opened by one. */
  linkKey: string | undefined;
  /** Called once the return was asked for: the lines just returned leave this form, the page moves focus. */
  onRequested: () => void;
}

const COMMENT_MAX_LENGTH = 500;

/** 'Request a return' for the lines that may still be returned (the service says which: window open, not final sale, not asked yet). */
export function ReturnRequestCard({ order, linkKey, onRequested }: Props) {
  const lines = returnableLines(order);
  const request = useRequestReturn(order.id, linkKey);
  const [form, setForm] = useState(emptyReturnForm);
  const [errors, setErrors] = useState<ReturnFormErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const checked = checkReturnRequest(form);
    if (checked.errors) {
      setErrors(checked.errors);
      document.getElementById(firstInvalidId(checked.errors, lines[0]?.index ?? 0))?.focus();
      return;
    }
    try {
      await request.mutateAsync(checked.payload);
    } catch {
      return; // the server's reason shows above the button, which keeps focus
    }
    setForm(emptyReturnForm);
    onRequested();
  };

  return (
    <Card role="region" aria-labelledby="acc-return-title">
      <CardHeader>
        <CardTitle level={2} id="acc-return-title">
          Request a return
        </CardTitle>
      </CardHeader>
      <CardContent>
        {order.returnableUntil && (
          <p className="acc-return__until" data-returnable-until={order.returnableUntil}>
            Returns are accepted until <time dateTime={order.returnableUntil}>{formatOrderTime(order.returnableUntil)}</time>.
          </p>
        )}
        <p className="pl-muted acc-return__refund">{RETURN_REFUND_TEXT}</p>
        <form className="acc-return" onSubmit={submit} noValidate aria-labelledby="acc-return-title" data-return-form>
          <fieldset className="acc-return__lines" aria-describedby={errors.lines ? 'acc-return-lines-error' : undefined}>
            <legend className="acc-return__legend">Items to return</legend>
            {errors.lines && (
              <p id="acc-return-lines-error" className="pl-field__error">
                {errors.lines}
              </p>
            )}
            {lines.map(({ index, line }) => {
              const reason = form.chosen[index];
              const reasonError = errors.reasons?.[index];
              return (
                <div key={index} className="acc-return__line" data-return-line={index}>
                  <Checkbox
                    id={`acc-return-line-${index}`}
                    label={line.qty > 1 ? `${line.title} (all ${line.qty})` : line.title}
                    checked={reason !== undefined}
                    aria-invalid={errors.lines ? true : undefined}
                    onChange={(e) => {
                      setForm((f) => toggleReturnLine(f, index, e.target.checked));
                      setErrors({});
                    }}
                  />
                  {reason !== undefined && (
                    <div className="pl-field acc-return__reason">
                      <Label htmlFor={`acc-return-reason-${index}`}>
                        Reason<span className="pl-visually-hidden"> for returning {line.title}</span>
                      </Label>
                      <Select
                        id={`acc-return-reason-${index}`}
                        value={reason}
                        aria-invalid={reasonError ? true : undefined}
                        aria-describedby={reasonError ? `acc-return-reason-${index}-error` : undefined}
                        onChange={(e) => {
                          const value = ReturnReason.safeParse(e.target.value).data ?? '';
                          setForm((f) => ({ ...f, chosen: { ...f.chosen, [index]: value } }));
                          setErrors((errs) => ({ ...errs, reasons: { ...errs.reasons, [index]: undefined } }));
                        }}
                      >
                        <option value="">Choose a reason</option>
                        {ReturnReasons.map((r) => (
                          <option key={r} value={r}>
                            {RETURN_REASON_LABELS[r]}
                          </option>
                        ))}
                      </Select>
                      {reasonError && (
                        <p id={`acc-return-reason-${index}-error`} className="pl-field__error">
                          {reasonError}
                        </p>
                      )}
                    </div>
                  )}
                </div>
              );
            })}
          </fieldset>
          <div className="pl-field">
            <Label htmlFor="acc-return-comment">Comment (optional)</Label>
            <textarea
              id="acc-return-comment"
              className="pl-input acc-textarea"
              rows={3}
              maxLength={COMMENT_MAX_LENGTH}
              value={form.comment}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={errors.comment ? 'acc-return-comment-error' : undefined}
              onChange={(e) => setForm((f) => ({ ...f, comment: e.target.value }))}
            />
            {errors.comment && (
              <p id="acc-return-comment-error" className="pl-field__error">
                {errors.comment}
              </p>
            )}
          </div>
          {request.isError && (
            <p className="acc-error" role="alert" data-return-error>
              {serverMessage(request.error) ?? 'Your return could not be requested. Please try again.'}
            </p>
          )}
          {/* aria-disabled while sending, not disabled: a disabled button would drop keyboard focus to <body>. */}
          <Button type="submit" aria-disabled={request.isPending || undefined} aria-busy={request.isPending || undefined}>
            {request.isPending ? 'Requesting...' : 'Request return'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The control to put focus on when the form is refused: the first line's box, the first reason missing, or the comment. */
function firstInvalidId(errors: ReturnFormErrors, firstLine: number): string {
  if (errors.lines) return `acc-return-line-${firstLine}`;
  const reason = Object.keys(errors.reasons ?? {})[0];
  return reason !== undefined ? `acc-return-reason-${reason}` : 'acc-return-comment';
}
