-- A nearest-neighbour (HNSW) index for each dimension of the embedding models already chosen; a model of a new
-- dimension gets its own when it is chosen (server/features/embeddings/vector-index.ts, which says why an index per
-- dimension and the limits: `vector` up to 2,000 dimensions, `halfvec` up to 4,000, none above). Only where the
-- column is pgvector's type.
DO $$
DECLARE
  n integer;
  kind text;
BEGIN
  IF (SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a
      WHERE a.attrelid = 'gem_passage_vectors'::regclass AND a.attname = 'embedding') = 'vector' THEN
    FOR n IN SELECT DISTINCT dimensions FROM embedding_models WHERE dimensions BETWEEN 1 AND 4000 LOOP
      kind := CASE WHEN n <= 2000 THEN 'vector' ELSE 'halfvec' END;
      EXECUTE format(
        'CREATE INDEX IF NOT EXISTS %I ON gem_passage_vectors USING hnsw ((embedding::%s(%s)) %s_cosine_ops) WHERE vector_dims(embedding) = %s',
        'gem_passage_vectors_' || kind || '_' || n || '_idx', kind, n, kind, n);
    END LOOP;
  END IF;
END
$$;
