// pos-sync's own error codes on the wire: one table, beside the shared ErrorCodes.
export const PosSyncErrorCodes = {
  notConfigured: 'POS_NOT_CONFIGURED',
  invalidWebhookSignature: 'INVALID_WEBHOOK_SIGNATURE',
} as const;
