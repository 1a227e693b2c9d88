-- An order paid in test mode (the test-card provider, or Stripe with a test key) took no money
-- (decision 042); the order desk and the customer's order say so. Orders placed before this column
-- are test orders when their payment went through the test-card provider (a Stripe test key's
-- orders cannot be told apart afterwards: the payment row does not record the key's mode).
ALTER TABLE orders ADD COLUMN test_order boolean NOT NULL DEFAULT false;
UPDATE orders SET test_order = true FROM payments WHERE payments.id = orders.payment_id AND payments.provider = 'test-card';
