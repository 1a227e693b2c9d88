import { useState, type FormEvent } from 'react';
import { ConditionGrade, RETURN_REASON_LABELS, type AdminOrder } from '@pl/contracts';
import { Checkbox, ConditionBadge, conditionGrades, formatPrice, FormField, Label, Select } from '@pl/ui';
import { ActionButton, runAction } from '../../../shared/components/action-button.js';
import { useReceiveReturn } from '../api/receive-return.js';
import {
  checkReceiveReturn,
  initialReceiveForm,
  linesToReceive,
  needsPrice,
  refundCents,
  UNSELLABLE,
  unitKey,
  type ReceiveReturnErrors,
  type ReceiveReturnForm as FormState,
  type UnitChoice,
} from '../utils/receive-return.js';

interface Props {
  order: AdminOrder;
  onMoved: () => void;
}

/**
 * 'Receive return': the lines the customer asked to return, each ticked while it is in hand, and for
 * each of its units what becomes of it: back on sale at the grade it is in now (a listing of its own,
 * at its own price, when that grade is not the one it was sold at), or unsellable. Sending it refunds
 * the lines in hand; a line left unticked waits for a later receipt.
 */
export function ReceiveReturnForm({ order, onMoved }: Props) {
  const lines = linesToReceive(order);
  const receive = useReceiveReturn(order.id);
  const [form, setForm] = useState(() => initialReceiveForm(order));
  const [errors, setErrors] = useState<ReceiveReturnErrors>({});
  const clearError = (key: string) =>
    setErrors((errs) => {
      const rest = { ...errs };
      delete rest[key];
      return rest;
    });
  const updateLine = (index: number, update: (line: FormState[number]) => FormState[number]) =>
    setForm((f) => {
      const line = f[index];
      return line ? { ...f, [index]: update(line) } : f;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (receive.isPending) return;
    const checked = checkReceiveReturn(order, form);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      document.getElementById(first === 'form' ? `adm-return-received-${lines[0]?.index}` : `adm-return-${first}-price`)?.focus();
      return;
    }
    void runAction(() => receive.mutateAsync(checked.payload), onMoved);
  };

  return (
    <form className="adm-step adm-receive" onSubmit={submit} noValidate aria-label="Receive return" data-receive-return>
      <p className="adm-step__hint">
        The customer asked to return these items. For each unit in hand, choose the grade it goes back on sale at, or Unsellable.
      </p>
      {lines.map(({ index, line }) => (
        <ReturnedLine
          key={index}
          index={index}
          line={line}
          choice={form[index]}
          errors={errors}
          onReceived={(received) => {
            updateLine(index, (l) => ({ ...l, received }));
            clearError('form');
          }}
          onUnit={(u, change) => {
            updateLine(index, (l) => ({ ...l, units: l.units.map((unit, i) => (i === u ? { ...unit, ...change } : unit)) }));
            clearError(unitKey(index, u));
          }}
        />
      ))}
      <p className="adm-receive__refund">
        Refund to the customer's card: <strong data-refund-total>{formatPrice(refundCents(order, form))}</strong>
      </p>
      {errors.form && (
        <p id="adm-receive-error" className="adm-error" role="alert">
          {errors.form}
        </p>
      )}
      <ActionButton type="submit" pending={receive.isPending}>
        Receive return and refund
      </ActionButton>
    </form>
  );
}

interface LineProps {
  index: number;
  line: AdminOrder['lines'][number];
  choice: FormState[number] | undefined;
  errors: ReceiveReturnErrors;
  onReceived: (received: boolean) => void;
  onUnit: (unitIndex: number, change: Partial<UnitChoice>) => void;
}

/** One returned line: what was sold, the customer's reason, whether it is in hand, and a choice per unit. */
function ReturnedLine({ index, line, choice, errors, onReceived, onUnit }: LineProps) {
  return (
    <fieldset className="adm-receive__line" data-return-line={index}>
      <legend className="adm-receive__title">
        {line.title} <code>{line.sku}</code>
      </legend>
      <p className="adm-receive__meta">
        Sold as <ConditionBadge grade={line.conditionGrade} /> at {formatPrice(line.price)} · Qty {line.qty}
      </p>
      {line.return && (
        <p className="adm-receive__reason" data-return-reason={line.return.reason}>
          Reason: {RETURN_REASON_LABELS[line.return.reason]}
          {line.return.comment && <span className="adm-receive__comment"> · “{line.return.comment}”</span>}
        </p>
      )}
      <Checkbox
        id={`adm-return-received-${index}`}
        label={
          <>
            Received<span className="pl-visually-hidden">: {line.title}</span>
          </>
        }
        checked={choice?.received ?? false}
        aria-invalid={errors.form ? true : undefined}
        aria-describedby={errors.form ? 'adm-receive-error' : undefined}
        onChange={(e) => onReceived(e.target.checked)}
        data-return-received={index}
      />
      {choice?.received &&
        choice.units.map((unit, u) => {
          const id = `adm-return-${unitKey(index, u)}`;
          return (
            <div key={u} className="adm-receive__unit" data-return-unit={unitKey(index, u)}>
              <div className="pl-field">
                <Label htmlFor={`${id}-grade`}>Unit {u + 1} condition</Label>
                <Select id={`${id}-grade`} value={unit.grade} onChange={(e) => onUnit(u, { grade: ConditionGrade.safeParse(e.target.value).data ?? UNSELLABLE })}>
                  {conditionGrades.map((g) => (
                    <option key={g.grade} value={g.grade}>
                      {g.grade === line.conditionGrade ? `${g.label} (as sold)` : g.label}
                    </option>
                  ))}
                  <option value={UNSELLABLE}>Unsellable</option>
                </Select>
              </div>
              {needsPrice(unit, line) && (
                <FormField
                  id={`${id}-price`}
                  label={`Unit ${u + 1} price ($)`}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={10}
                  value={unit.price}
                  error={errors[unitKey(index, u)]}
                  onChange={(e) => onUnit(u, { price: e.target.value })}
                />
              )}
            </div>
          );
        })}
    </fieldset>
  );
}
