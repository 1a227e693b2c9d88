// The POS connection settings: validated with messages an admin can act on, the API key sealed at
// rest and opened only to call the POS. Nothing here ever hands the key to a response.
import { z } from 'zod';
import { ErrorCodes, type AuditActor, type TestConnectionResult } from '@pl/contracts';
import { AppError, badRequest, conflict, recordAdminAction, withTransaction, type Queryable } from '@pl/service-kit';
import { PosError } from '../connector/pos-connector.js';
import { findSettings, saveSettings as storeSettings, type StoredSettings } from '../db/pos-settings.repo.js';
import { forgetStockVersions } from '../db/stock-versions.repo.js';
import { makePendingWritebacksDue } from '../db/writebacks.repo.js';
import type { PosSyncContext } from './pos-sync-context.js';
import { SecretFields, SecretUnreadableError } from './secret-box.js';
import { subscribeAfterSave } from './webhook-subscription.js';
import { PosSyncErrorCodes } from './error-codes.js';

export const NOT_CONFIGURED_MESSAGE = 'POS settings are not saved yet';

/**
 * The Test button's longest wait, below the gateway's UPSTREAM_TIMEOUT_MS (10 s) so its answer always
 * arrives: a URL where no POS answers is answered after exactly this long (decision 046).
 */
export const TEST_CONNECTION_TIMEOUT_MS = 5_000;

/** Said when the URL's own text names an address the policy refuses; it depends on nothing but the text. */
export const privateAddressMessage = (why: string) =>
  `POS URL points to a ${why} address, which this shop does not call (POS_ALLOW_PRIVATE_ADDRESSES allows private POS addresses)`;

const PosUrl = z
  .string({ error: 'POS URL is required' })
  .trim()
  .min(1, 'POS URL is required')
  .max(2048, 'POS URL is too long')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'POS URL must be an absolute http:// or https:// URL' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: 'POS URL must be an absolute http:// or https:// URL' });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'POS URL must not contain a user name or password; put the key in API key' });
    else if (url.search || url.hash) ctx.addIssue({ code: 'custom', message: 'POS URL must not have a query or fragment' });
  });

// The key travels in an Authorization header: printable ASCII without spaces, as every vendor's keys are.
const ApiKey = z
  .string({ error: 'API key is required' })
  .trim()
  .min(1, 'API key is required')
  .max(4096, 'API key is too long')
  .regex(/^[\x21-\x7e]+$/, 'API key must be printable characters without spaces');

// The admin remote sends SavePosConfigPayload; this is the same shape with the server's messages.
const SettingsInput = z.object({ posUrl: PosUrl, apiKey: ApiKey }, { error: 'Send posUrl and apiKey' });

/** The settings a POS call needs, opened. */
export interface PosSettings {
  posUrl: string;
  apiKey: string;
  stored: StoredSettings;
}

/**
 * Validates and saves the settings, the key sealed, recording who saved them in the audit trail (the
 * URL before and after, and whether the key changed: never the key). Bad input is a 400 with the
 * first problem's message and saves nothing.
 */
export async function savePosSettings(ctx: PosSyncContext, actor: AuditActor, input: unknown): Promise<void> {
  const parsed = SettingsInput.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid POS settings', ErrorCodes.validation);
  const { posUrl, apiKey } = parsed.data;
  // An address in the URL itself is refused here, by its text (no connection is tried); a name is
  // checked once resolved, whenever a connection opens (pos-address-policy.ts).
  const refusal = ctx.addresses.refusalOfHost(new URL(posUrl).hostname);
  if (refusal) throw badRequest(privateAddressMessage(refusal), ErrorCodes.validation);
  const before = await findSettings(ctx.pool);
  // The same POS and key keep their webhook subscription; anything else needs the next sync to register again.
  const keyChanged = before === undefined || openQuietly(ctx, before.apiKeySealed) !== apiKey;
  const keepWebhook = before !== undefined && before.posUrl === posUrl && !keyChanged;
  await withTransaction(ctx.pool, async (client) => {
    await storeSettings(client, { posUrl, apiKeySealed: ctx.secrets.seal(apiKey, SecretFields.apiKey), keepWebhook });
    // Count versions are one POS's numbering: another POS's counts start over.
    if (before !== undefined && before.posUrl !== posUrl) await forgetStockVersions(client);
    await recordAdminAction(client, {
      service: 'pos-sync',
      actor,
      action: 'pos-settings.saved',
      target: { type: 'pos-settings', id: 'pos', label: 'POS connection' },
      before: before ? { posUrl: before.posUrl } : null,
      after: { posUrl, keyChanged },
    });
  });
  // Webhooks for new settings flow at once rather than after the next sync (best effort, in the
  // background: an unreachable POS must not hold up the save).
  if (!keepWebhook) void subscribeAfterSave(ctx, () => loadPosSettings(ctx));
  // Sales waiting for a POS can go now.
  await makePendingWritebacksDue(ctx.pool);
  void ctx.writebacks.kick();
}

function openQuietly(ctx: PosSyncContext, sealed: string): string | undefined {
  try {
    return ctx.secrets.open(sealed, SecretFields.apiKey);
  } catch {
    return undefined;
  }
}

/** The saved settings, opened; undefined when none are saved. Throws SecretUnreadableError under another POS_SETTINGS_KEY. */
export async function loadPosSettings(ctx: Pick<PosSyncContext, 'pool' | 'secrets'>, db: Queryable = ctx.pool): Promise<PosSettings | undefined> {
  const stored = await findSettings(db);
  if (!stored) return undefined;
  return { posUrl: stored.posUrl, apiKey: ctx.secrets.open(stored.apiKeySealed, SecretFields.apiKey), stored };
}

/** The saved settings, or a 409 an admin can act on (none saved, or sealed under another key). */
export async function requirePosSettings(ctx: PosSyncContext): Promise<PosSettings> {
  let settings: PosSettings | undefined;
  try {
    settings = await loadPosSettings(ctx);
  } catch (err) {
    if (err instanceof SecretUnreadableError) throw conflict(err.message, PosSyncErrorCodes.notConfigured);
    throw err;
  }
  if (!settings) throw conflict(NOT_CONFIGURED_MESSAGE, PosSyncErrorCodes.notConfigured);
  return settings;
}

/** The Test button: asks the POS who it is with the saved URL and key. */
export async function testPosConnection(ctx: PosSyncContext): Promise<TestConnectionResult> {
  let settings: PosSettings;
  try {
    settings = await requirePosSettings(ctx);
  } catch (err) {
    if (err instanceof AppError && err.code === PosSyncErrorCodes.notConfigured) return { connected: false, message: err.message };
    throw err;
  }
  try {
    const merchant = await ctx.connect(settings, { failAtDeadline: true, maxTimeoutMs: TEST_CONNECTION_TIMEOUT_MS }).merchant();
    return { connected: true, message: `Connected to ${merchant.name}` };
  } catch (err) {
    if (err instanceof PosError) return { connected: false, message: err.message };
    throw err;
  }
}
