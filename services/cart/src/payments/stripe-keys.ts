/**
 * Stripe's test-mode secret keys (`sk_test_…`, restricted `rk_test_…`): with them Stripe takes no
 * money and its test cards succeed, so a shop running on one gives its goods away (decision 042).
 */
export const isStripeTestKey = (secretKey: string): boolean => /^(sk|rk)_test_/.test(secretKey);
