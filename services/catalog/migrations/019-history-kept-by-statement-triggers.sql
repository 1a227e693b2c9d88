-- A markdown over 100,000 variants writes 100,000 rows of price history and as many marks, and
-- PostgreSQL checks a foreign key row by row: one lookup and lock of the variant (and of the rule)
-- per row written, ~1.3 s of such a run (decision 063). Both tables are written only from rows that
-- exist in the same transaction: price_changes by the variants' own triggers, markdown_marks by the
-- run from the variants it has just updated and the rules it holds (freezePlan locks them FOR KEY
-- SHARE, so a rule deleted meanwhile waits for the run). What the keys did on delete, statement
-- triggers now do, once per statement: a variant's history and marks go with it (also when its
-- product is deleted, whose cascade deletes the variants), a rule's marks keep their step without it.
ALTER TABLE price_changes DROP CONSTRAINT price_changes_variant_id_fkey;
ALTER TABLE markdown_marks DROP CONSTRAINT markdown_marks_variant_id_fkey;
ALTER TABLE markdown_marks DROP CONSTRAINT markdown_marks_rule_id_fkey;

CREATE FUNCTION forget_deleted_variants() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM price_changes pc USING old_variants o WHERE pc.variant_id = o.id;
  DELETE FROM markdown_marks m USING old_variants o WHERE m.variant_id = o.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER variants_history_deleted AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_variants FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_variants();

CREATE FUNCTION forget_deleted_rules() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE markdown_marks m SET rule_id = NULL FROM old_rules o WHERE m.rule_id = o.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER markdown_rules_deleted AFTER DELETE ON markdown_rules
  REFERENCING OLD TABLE AS old_rules FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_rules();

