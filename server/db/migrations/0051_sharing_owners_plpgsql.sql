-- The owners whose collections or tags are shared with a user, as PL/pgSQL: a SQL function with an aggregate is not
-- inlined, so its body was planned again at every call (every shared read asks it); PL/pgSQL keeps the plan for the
-- connection (measured with prepared statements: 1.05 → 0.61 ms a call). Same body, same answer.
CREATE OR REPLACE FUNCTION trove_sharing_owners(uid integer) RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT array_agg(DISTINCT o.owner_id) FROM (
      SELECT c.owner_id FROM trove_user_shares(uid) s JOIN collections c ON c.id = s.collection_id
      UNION ALL
      SELECT t.owner_id FROM trove_user_shares(uid) s JOIN tags t ON t.id = s.tag_id
    ) o
  );
END $$;
