/** The store's published promises (spec §9), used by the static pages and the footer. */
export const SUPPORT_HOURS = {
  weekdays: 'Monday to Friday 8am-6pm',
  saturday: 'Saturday 9am-4pm',
} as const;

export const RETURNS = {
  window: '7 days from delivery or pickup',
  finalSale: 'For Parts or As-Is items are final sale',
  refundTime: '5-7 business days after the return is received',
} as const;

export const SHIPPING = {
  standard: '5-7 business days',
  processing: '1-2 business days',
  sameDayCutoff: 'same day if placed before 2 PM',
  pickupReady: 'within 24 hours',
  pickupNeeds: 'valid ID and order confirmation',
  rates: 'calculated at checkout',
} as const;
