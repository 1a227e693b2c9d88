// The shop's rules the cart computes with (spec §9), here where they are computed: a browser is
// told what it shows (an order's returnWindowDays, a line's finalSale, a cart's tax), never the rule.

/** Tax rate applied to the cart subtotal, in basis points to keep money integral. */
export const TAX_RATE_BASIS_POINTS = 800;

/** Days after pickup or delivery within which a return may be requested. */
export const RETURN_WINDOW_DAYS = 7;

/** Grades whose items are final sale (For Parts or As-Is items). */
export const FINAL_SALE_GRADES: readonly string[] = ['FOR_PARTS', 'AS_IS'];
