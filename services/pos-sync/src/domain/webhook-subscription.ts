import type { PosConnector } from '../connector/pos-connector.js';
import { saveWebhookSubscription, type StoredSettings } from '../db/pos-settings.repo.js';
import { messageOf, type PosSyncContext } from './pos-sync-context.js';
import { SecretFields } from './secret-box.js';

/**
 * Registers POS_WEBHOOK_URL with the POS for these settings and keeps the signature key it answers,
 * sealed. Repeating it is harmless (the POS answers the same key for the same URL). The key is not
 * kept when the settings changed meanwhile: it belongs to settings that are gone.
 */
/** The saved settings, opened (pos-settings.ts `PosSettings`). */
interface OpenedSettings {
  posUrl: string;
  apiKey: string;
  stored: StoredSettings;
}

export async function registerWebhookSubscription(
  ctx: Pick<PosSyncContext, 'pool' | 'secrets' | 'connect' | 'settings'>,
  settings: OpenedSettings,
  pos: PosConnector = ctx.connect(settings),
): Promise<boolean> {
  const subscription = await pos.subscribeWebhook(ctx.settings.webhookUrl);
  return saveWebhookSubscription(ctx.pool, {
    registeredWith: settings.stored,
    url: ctx.settings.webhookUrl,
    keySealed: ctx.secrets.seal(subscription.signatureKey, SecretFields.webhookKey),
  });
}

/**
 * After settings were saved: subscribe at once, so webhooks flow before the next sync; a failure
 * waits for that sync. `load` reads the settings as saved (they may have changed again meanwhile).
 */
export async function subscribeAfterSave(ctx: Pick<PosSyncContext, 'pool' | 'secrets' | 'connect' | 'settings' | 'logger'>, load: () => Promise<OpenedSettings | undefined>): Promise<void> {
  try {
    const settings = await load();
    if (settings) await registerWebhookSubscription(ctx, settings);
  } catch (err) {
    ctx.logger.info({ reason: messageOf(err) }, 'webhook subscription not registered after saving the POS settings; the next sync registers it');
  }
}
