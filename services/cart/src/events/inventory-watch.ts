import { Subjects } from '@pl/contracts';
import type { BackgroundWorker, Logger, NatsConn } from '@pl/service-kit';
import type { RefusalMemo } from '../domain/refusal-memo.js';

/**
 * Tells the refusal memo of every inventory change the catalog announces (inventory.updated.<sku>,
 * read from the subject alone: a POS sync sends tens of thousands, none of them parsed here) and
 * of whether they are heard at all. A plain subscription: missing one while away is covered by the
 * memo forgetting everything then. `subjectPrefix` is for tests that publish into a stream of their own.
 */
export async function startInventoryWatch(memo: RefusalMemo, nats: NatsConn, logger: Logger, { subjectPrefix = '' } = {}): Promise<BackgroundWorker> {
  const { nc } = nats;
  const skuAt = `${subjectPrefix}${Subjects.inventoryUpdated('')}`.length;
  let refused = false;
  const subscription = nc.subscribe(`${subjectPrefix}${Subjects.inventoryUpdatedAll}`, {
    callback: (err, msg) => {
      // A subscription the server refused hears nothing more: the memo then only says "ask the catalog".
      if (err) {
        refused = true;
        memo.listening(false);
        logger.warn({ err }, 'inventory events not heard: refusals are asked of the catalog every time');
        return;
      }
      memo.changed(msg.subject.slice(skuAt));
    },
  });
  // Heard from the moment the server has the subscription.
  await nc.flush();
  memo.listening(!refused && !nc.isClosed());
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        memo.listening(false);
        logger.warn('NATS away: refusals are asked of the catalog every time until it is back');
      } else if (status.type === 'reconnect') {
        memo.listening(!refused);
      }
    }
  })();
  void nc.closed().then(() => memo.listening(false));
  return {
    async stop() {
      memo.listening(false);
      if (!subscription.isClosed()) subscription.unsubscribe();
    },
  };
}
