-- An import writes 10,000 manifest rows a batch, and PostgreSQL checked their foreign key row by
-- row: a lookup and lock of the manifest per row written, about a fifth of a batch's time. Rows are
-- written only by their manifest's import, in the transaction that holds the manifest's row locked
-- (FOR UPDATE), so the manifest is there for each of them. What the key did on delete, a statement
-- trigger now does, once per statement: a manifest's rows go with it (as decision 063 did for price
-- history and markdown marks).
ALTER TABLE manifest_rows DROP CONSTRAINT manifest_rows_manifest_id_fkey;

CREATE FUNCTION forget_deleted_manifests() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM manifest_rows r USING old_manifests o WHERE r.manifest_id = o.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER manifests_rows_deleted AFTER DELETE ON manifests
  REFERENCING OLD TABLE AS old_manifests FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_manifests();
