-- array_to_string() is only STABLE, and a generated column needs IMMUTABLE expressions
-- (stack-notes: "generation expression is not immutable"). Joining a text[] with spaces is
-- immutable in fact, so we declare it so once, here, before any table uses it.
CREATE OR REPLACE FUNCTION rh_join_text(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;
