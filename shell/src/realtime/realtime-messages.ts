// What the gateway pushes over /ws, as schemas: loaded by realtime-connection.ts with the first
// message (a chunk of its own, with zod), never with the page's first view (decision 025).
export { InventoryUpdatedMessage, OrderRefundSettledMessage, OrderStatusChangedMessage, ProductUpdatedMessage } from '@pl/contracts';
