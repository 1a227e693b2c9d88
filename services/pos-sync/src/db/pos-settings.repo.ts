import type { Queryable } from '@pl/service-kit';

/** The saved settings as stored: secrets still sealed (domain/pos-settings.ts opens them). */
export interface StoredSettings {
  posUrl: string;
  apiKeySealed: string;
  webhookKeySealed: string | null;
  webhookUrl: string | null;
}

/** The POS URL when settings were saved; the API key is not read here and never leaves the service. */
export async function findPosUrl(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ pos_url: string }>(`SELECT pos_url FROM pos_settings`);
  return rows[0]?.pos_url;
}

export async function findSettings(db: Queryable): Promise<StoredSettings | undefined> {
  const { rows } = await db.query<StoredSettings>(
    `SELECT pos_url AS "posUrl", api_key_sealed AS "apiKeySealed", webhook_key_sealed AS "webhookKeySealed", webhook_url AS "webhookUrl" FROM pos_settings`,
  );
  return rows[0];
}

/** Saves the one settings row; the webhook subscription survives only when `keepWebhook` (same POS, same key). */
export async function saveSettings(db: Queryable, settings: { posUrl: string; apiKeySealed: string; keepWebhook: boolean }): Promise<void> {
  await db.query(
    `INSERT INTO pos_settings (id, pos_url, api_key_sealed) VALUES (true, $1, $2)
     ON CONFLICT (id) DO UPDATE SET pos_url = EXCLUDED.pos_url, api_key_sealed = EXCLUDED.api_key_sealed, updated_at = now(),
       webhook_key_sealed = CASE WHEN $3 THEN pos_settings.webhook_key_sealed END,
       webhook_url = CASE WHEN $3 THEN pos_settings.webhook_url END`,
    [settings.posUrl, settings.apiKeySealed, settings.keepWebhook],
  );
}

/**
 * Stores the webhook subscription a sync registered, unless the settings changed meanwhile (the
 * subscription then belongs to settings that are gone). False when it was not stored.
 */
export async function saveWebhookSubscription(db: Queryable, subscription: { registeredWith: StoredSettings; url: string; keySealed: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE pos_settings SET webhook_key_sealed = $1, webhook_url = $2 WHERE pos_url = $3 AND api_key_sealed = $4`,
    [subscription.keySealed, subscription.url, subscription.registeredWith.posUrl, subscription.registeredWith.apiKeySealed],
  );
  return rowCount === 1;
}
