import type { IntakeDetail } from '@pl/contracts';
import { conditionBadgeLook } from '@pl/ui';
import { ActionButton, runAction } from '../../../shared/components/action-button.js';
import { useAcceptPosCondition } from '../api/accept-pos-condition.js';

interface Props {
  productId: string;
  posCondition: NonNullable<IntakeDetail['posCondition']>;
  onAccepted: () => void;
}

/**
 * The POS sent another grade after the listing was inspected (decision 048): shown to the
 * inspector, never applied on its own. Accepting makes it the listing's grade and notes.
 */
export function PosConditionNotice({ productId, posCondition, onAccepted }: Props) {
  const accept = useAcceptPosCondition(productId);
  return (
    <section className="adm-pos-notice" aria-labelledby="adm-pos-notice-title" data-pos-condition={posCondition.grade}>
      <h2 id="adm-pos-notice-title" className="adm-pos-notice__title">
        The POS has another grade
      </h2>
      <p className="adm-pos-notice__text">
        The POS now says <strong>{conditionBadgeLook(posCondition.grade).label}</strong>
        {posCondition.notes ? `: ${posCondition.notes}` : '.'}
      </p>
      <ActionButton variant="outline" className="adm-pos-notice__button" pending={accept.isPending} onClick={() => void runAction(() => accept.mutateAsync(), onAccepted)}>
        Accept POS grade
      </ActionButton>
    </section>
  );
}
