-- What each row a search's scan hands on costs the planner (server/features/search/row-cost.ts). A word checked on a
-- row, not in the document's index, reads the row's out-of-line document (several pages), a cost the planner does not
-- see: beside a large collection it took that collection's every gem and checked the words on each (PostgreSQL `api
-- use collection:Home after:2020-01-01` at 100,000 gems: 137,000 pages, 0.35–1.4 s) over the words' index AND the
-- collection (7,800 pages, 53 ms). A search's condition names this function in an arm that is never run (a gem's id is
-- never 0), so it changes no result and costs nothing, but the planner counts it on every row left to check: of two
-- plans, the one that lets fewer rows through is the cheaper. COST 100: 0.25 a row at PostgreSQL's default
-- cpu_operator_cost, a quarter of a page read in order.
CREATE OR REPLACE FUNCTION trove_search_row_cost(id integer) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100
  AS $$ BEGIN RETURN true; END $$;
