import { useRef, useState, type FormEvent } from 'react';
import type { AdminOrder } from '@pl/contracts';
import { Button, Dialog, errorStatus, formatPrice, Label } from '@pl/ui';
import { ActionButton } from '../../../shared/components/action-button.js';
import { useCancelOrder } from '../api/cancel-order.js';
import { checkCancelReason } from '../utils/order-actions.js';

interface Props {
  order: AdminOrder;
  onMoved: () => void;
}

const REASON_MAX_LENGTH = 300;

/** 'Cancel order', confirmed in a dialog with the reason the customer will read. */
export function CancelOrder({ order, onMoved }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="adm-cancel">
      <p className="adm-step__hint">Until the order is handed over or shipped, it can be cancelled.</p>
      <Button variant="outline" className="adm-step__button" onClick={() => setOpen(true)} data-action="cancel">
        Cancel order
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Cancel order ${order.number}?`}
        description={`The whole payment of ${formatPrice(order.payment.amount)} will be refunded to the customer's card, and the units go back on sale.`}
      >
        {/* Mounted only while open: each cancellation starts with an empty reason. */}
        <CancelOrderForm order={order} onMoved={onMoved} onClose={() => setOpen(false)} />
      </Dialog>
    </div>
  );
}

function CancelOrderForm({ order, onMoved, onClose }: Props & { onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (cancel.isPending) return;
    const checked = checkCancelReason(reason);
    if (!checked.payload) {
      setError(checked.error);
      reasonRef.current?.focus();
      return;
    }
    try {
      await cancel.mutateAsync(checked.payload);
    } catch (failure) {
      // A 409: the order moved on meanwhile and has been read again; anything else keeps the dialog for another try.
      if (errorStatus(failure) !== 409) return;
    }
    onClose();
    onMoved();
  };

  return (
    <form onSubmit={submit} noValidate data-cancel-form>
      <div className="pl-field">
        <Label htmlFor="adm-cancel-reason">Reason (the customer reads it)</Label>
        <textarea
          ref={reasonRef}
          id="adm-cancel-reason"
          className="pl-input adm-textarea"
          rows={3}
          required
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'adm-cancel-reason-error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <p id="adm-cancel-reason-error" className="pl-field__error">
            {error}
          </p>
        )}
      </div>
      <div className="adm-dialog__buttons">
        <Button variant="outline" onClick={onClose}>
          Keep order
        </Button>
        <ActionButton type="submit" variant="destructive" pending={cancel.isPending}>
          Cancel order and refund
        </ActionButton>
      </div>
    </form>
  );
}
