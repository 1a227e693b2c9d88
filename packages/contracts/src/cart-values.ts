// The cart's wire values without a schema (decision 025): limits the cart service and the pages share.

/** Most units of one item a cart line may hold. */
export const MAX_LINE_QTY = 99;
