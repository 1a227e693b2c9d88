import { useRef, useState, type FormEvent } from 'react';
import type { AdminOrder, Location, Shipment } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle, Checkbox, FormField } from '@pl/ui';
import { ActionButton, runAction } from '../../../shared/components/action-button.js';
import { useMarkDelivered } from '../api/mark-delivered.js';
import { useMarkPickedUp } from '../api/mark-picked-up.js';
import { useMarkReadyForPickup } from '../api/mark-ready-for-pickup.js';
import { useMarkShipped } from '../api/mark-shipped.js';
import { checkShipment, ORDER_ACTION_LABELS, type ShipmentErrors } from '../utils/order-actions.js';
import { locationName } from '../utils/order-text.js';
import { linesToReceive } from '../utils/receive-return.js';
import { CancelOrder } from './cancel-order.js';
import { ReceiveReturnForm } from './receive-return-form.js';

interface Props {
  order: AdminOrder;
  locations: readonly Location[] | undefined;
  /** Called once the order moved on (or turned out to have): the control used is gone, the page moves focus. */
  onMoved: () => void;
}

/**
 * The step the order is waiting for, if any (the cart service says which, from its transition
 * table): a fulfilment step, or the return the customer asked for; and, until hand-over or shipping,
 * its cancellation.
 * Each control calls the cart service; the answer replaces the order on the page (api/order-action.ts).
 */
export function OrderActionsCard({ order, locations, onMoved }: Props) {
  const [action] = order.actions.next;
  const returned = linesToReceive(order);
  return (
    <Card className="adm-order-actions" role="region" aria-labelledby="adm-order-actions-title">
      <CardHeader>
        <CardTitle level={2} id="adm-order-actions-title">
          Next step
        </CardTitle>
      </CardHeader>
      <CardContent>
        {action === 'ready_for_pickup' ? (
          <ReadyForPickup order={order} locations={locations} onMoved={onMoved} />
        ) : action === 'picked_up' ? (
          <PickedUp order={order} onMoved={onMoved} />
        ) : action === 'shipped' ? (
          <Shipped order={order} onMoved={onMoved} />
        ) : action === 'delivered' ? (
          <Delivered order={order} onMoved={onMoved} />
        ) : returned.length > 0 ? (
          // A fresh form when the lines waiting change (the customer returned another meanwhile).
          <ReceiveReturnForm key={returned.map((r) => r.index).join()} order={order} onMoved={onMoved} />
        ) : (
          <p className="pl-muted" data-no-action>
            No action applies to this order now.
          </p>
        )}
        {order.actions.cancel && <CancelOrder order={order} onMoved={onMoved} />}
      </CardContent>
    </Card>
  );
}

type StepProps = Pick<Props, 'order' | 'onMoved'>;

function ReadyForPickup({ order, locations, onMoved }: StepProps & Pick<Props, 'locations'>) {
  const mark = useMarkReadyForPickup(order.id);
  const store = order.fulfilment.type === 'pickup' ? locationName(order.fulfilment.locationId, locations) : 'the store';
  return (
    <div className="adm-step">
      <p className="adm-step__hint">Set the items aside at {store}, then mark the order ready for the customer to collect.</p>
      <ActionButton pending={mark.isPending} onClick={() => void runAction(() => mark.mutateAsync(), onMoved)}>
        {ORDER_ACTION_LABELS.ready_for_pickup}
      </ActionButton>
    </div>
  );
}

function PickedUp({ order, onMoved }: StepProps) {
  const mark = useMarkPickedUp(order.id);
  const [idChecked, setIdChecked] = useState(false);
  return (
    <div className="adm-step">
      <p className="adm-step__hint">Hand the order over only to a person who shows a valid photo ID and the order confirmation.</p>
      <Checkbox
        label="I checked the ID of the person collecting"
        checked={idChecked}
        onChange={(e) => setIdChecked(e.target.checked)}
        data-id-checked
      />
      <ActionButton pending={mark.isPending} disabled={!idChecked} onClick={() => void runAction(() => mark.mutateAsync(), onMoved)}>
        {ORDER_ACTION_LABELS.picked_up}
      </ActionButton>
    </div>
  );
}

function Shipped({ order, onMoved }: StepProps) {
  const mark = useMarkShipped(order.id);
  const [fields, setFields] = useState<Shipment>({ carrier: '', trackingNumber: '' });
  const [errors, setErrors] = useState<ShipmentErrors>({});
  const carrierRef = useRef<HTMLInputElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const set = (name: keyof Shipment) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setErrors((errs) => ({ ...errs, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mark.isPending) return;
    const checked = checkShipment(fields);
    if (checked.errors) {
      setErrors(checked.errors);
      (checked.errors.carrier ? carrierRef : trackingRef).current?.focus();
      return;
    }
    void runAction(() => mark.mutateAsync(checked.payload), onMoved);
  };

  return (
    <form className="adm-step adm-ship-form" onSubmit={submit} noValidate aria-label="Shipment">
      <p className="adm-step__hint">Once the parcel is handed to the carrier, enter its tracking number.</p>
      <div className="adm-ship-form__fields">
        <FormField
          ref={carrierRef}
          id="adm-ship-carrier"
          label="Carrier"
          autoComplete="off"
          maxLength={60}
          value={fields.carrier}
          onChange={set('carrier')}
          error={errors.carrier}
        />
        <FormField
          ref={trackingRef}
          id="adm-ship-tracking"
          label="Tracking number"
          autoComplete="off"
          maxLength={60}
          value={fields.trackingNumber}
          onChange={set('trackingNumber')}
          error={errors.trackingNumber}
        />
      </div>
      <ActionButton type="submit" pending={mark.isPending}>
        {ORDER_ACTION_LABELS.shipped}
      </ActionButton>
    </form>
  );
}

function Delivered({ order, onMoved }: StepProps) {
  const mark = useMarkDelivered(order.id);
  const carrier = order.shipment ? ` by ${order.shipment.carrier}` : '';
  return (
    <div className="adm-step">
      <p className="adm-step__hint">Mark the order delivered once the parcel reached the customer{carrier}.</p>
      <ActionButton pending={mark.isPending} onClick={() => void runAction(() => mark.mutateAsync(), onMoved)}>
        {ORDER_ACTION_LABELS.delivered}
      </ActionButton>
    </div>
  );
}
