-- Sign-in failures also count per device (the gateway's device cookie), so customers behind one
-- shared address (a carrier's NAT) each get their own budget (decision 010).
ALTER TABLE login_attempts ADD COLUMN device_id text;
CREATE INDEX login_attempts_device_idx ON login_attempts (device_id, at) WHERE device_id IS NOT NULL AND NOT succeeded;
