import { AppError, badRequest } from '@pl/service-kit';
import { PosWebhookEvent } from '../connector/pos-wire.js';
import { insertEvent } from '../db/pos-events.repo.js';
import { findSettings } from '../db/pos-settings.repo.js';
import type { PosSyncContext } from './pos-sync-context.js';
import { SecretFields, SecretUnreadableError } from './secret-box.js';
import { verifyPosSignature } from './webhook-signature.js';
import { PosSyncErrorCodes } from './error-codes.js';

export const INVALID_SIGNATURE = { message: 'Invalid webhook signature', code: PosSyncErrorCodes.invalidWebhookSignature } as const;

/**
 * A webhook delivery: verified against the signature key of the current subscription, then stored
 * once per POS event id and applied in the background (the POS waits only for the receipt). A
 * delivery that does not verify stores nothing.
 */
export async function receivePosWebhook(ctx: PosSyncContext, rawBody: Buffer, signatureHeader: string | undefined): Promise<{ duplicate: boolean }> {
  const signatureKey = await currentSignatureKey(ctx);
  const verified =
    signatureKey !== undefined && verifyPosSignature({ header: signatureHeader, rawBody, signatureKey, toleranceS: ctx.settings.webhookToleranceS });
  if (!verified) throw new AppError(401, INVALID_SIGNATURE.code, INVALID_SIGNATURE.message);

  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('The webhook body is not JSON');
  }
  const event = PosWebhookEvent.safeParse(json);
  if (!event.success) throw badRequest('The webhook body is not a POS event');

  const inserted = await insertEvent(ctx.pool, { id: event.data.id, type: event.data.type, payload: json });
  if (inserted) void ctx.eventApplier.kick();
  return { duplicate: !inserted };
}

async function currentSignatureKey(ctx: PosSyncContext): Promise<string | undefined> {
  const settings = await findSettings(ctx.pool);
  if (!settings?.webhookKeySealed) return undefined;
  try {
    return ctx.secrets.open(settings.webhookKeySealed, SecretFields.webhookKey);
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    ctx.logger.warn('the stored webhook key does not open with this POS_SETTINGS_KEY; webhooks are refused until the next sync');
    return undefined;
  }
}
