import {
  type ExecProtocolResult,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

import type { GroupCommit } from './pglite-group-commit';

type BackendMessage = ExecProtocolResult['messages'][number];

/**
 * PGlite's `query` pushes Parse, Describe, Bind, Describe, Execute and Sync into its WASM Postgres one
 * call at a time, and Postgres parses and plans the statement anew each time: on a small query that is
 * most of its cost (measured ~5× a prepared run). This client keeps a named prepared statement per SQL
 * text, prepared once (Parse + Describe), and runs each query as ONE message buffer of Bind + Execute +
 * Sync; Postgres reuses the plan as it does for any prepared statement. It serves drizzle's PGlite
 * driver (`query`, `transaction`), keeps PGlite's locks, parsers and serializers, and keeps at most
 * `maxStatements` statements, closing the least recently used. With a GroupCommit (durable mode), a
 * write returns only once it is on disk (see pglite-group-commit.ts).
 */

interface Statement {
  name: string;
  /** The parameters' type oids, as Postgres inferred them (they pick the serializers). */
  paramTypes: number[];
  /** The result's columns (none for a statement that returns no rows). */
  fields: Field[];
}

interface Field {
  name: string;
  dataTypeID: number;
}

/** What drizzle's PGlite driver calls on its client. */
export interface PgliteClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

const { serialize } = protocol;
/** SQLSTATE of "cached plan must not change result type": the table changed under a prepared statement. */
const PLAN_INVALID = '0A000';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Postgres's text form of a parameter, as PGlite's own `query` makes it. */
function serializeParam(pg: PGlite, value: unknown, type: number | undefined, options?: QueryOptions): string | null {
  if (value === null || value === undefined) return null;
  const serializer = (type === undefined ? undefined : options?.serializers?.[type]) ?? pg.serializers[type ?? -1];
  return serializer ? serializer(value) : String(value);
}

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * One run's rows and counts, as PGlite's own result parser makes them, without its per-query copy of
 * every type parser (hundreds, with the array types): each column's parser is looked up once.
 */
function toResults<T>(pg: PGlite, fields: Field[], messages: BackendMessage[], options?: QueryOptions): Results<T> {
  const parsers = fields.map((f) => options?.parsers?.[f.dataTypeID] ?? pg.parsers[f.dataTypeID]);
  const value = (raw: string | null, i: number) => {
    const parser = parsers[i];
    return raw === null || !parser ? raw : parser(raw, (fields[i] as Field).dataTypeID);
  };
  const rows: unknown[] = [];
  let affectedRows = 0;
  let rowCount: number | undefined;
  let command: string | undefined;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const raw = (message as unknown as { fields: (string | null)[] }).fields;
      rows.push(
        options?.rowMode === 'array'
          ? raw.map(value)
          : Object.fromEntries(raw.map((r, i) => [(fields[i] as Field).name, value(r, i)])),
      );
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      command = words[0];
      const count = Number.parseInt(words[words.length - 1] ?? '', 10);
      if (COUNTED.has(words[0] ?? '')) affectedRows += count;
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  return {
    rows: rows as T[],
    fields,
    command,
    affectedRows,
    ...(rowCount === undefined ? {} : { rowCount }),
  } as Results<T>;
}

/** A database error carries its query, as PGlite's `query` leaves it. */
function withQuery(error: unknown, sql: string, params: unknown[], options?: QueryOptions): unknown {
  if (error instanceof Error && 'code' in error) Object.assign(error, { query: sql, params, queryOptions: options });
  return error;
}

let clients = 0;

export class PreparedPglite implements PgliteClient {
  readonly #pg: PGlite;
  readonly #maxStatements: number;
  readonly #commits: GroupCommit | undefined;
  /** By SQL text, least recently used first. */
  readonly #statements = new Map<string, Statement>();
  /** Statement names are `trove_<client>_<n>`: unique per client, so clients may share a PGlite. */
  readonly #prefix = `trove_${++clients}_`;
  #counter = 0;
  #lastUsed = performance.now();

  constructor(pg: PGlite, options: { commits?: GroupCommit; maxStatements?: number } = {}) {
    this.#pg = pg;
    this.#commits = options.commits;
    this.#maxStatements = options.maxStatements ?? 200;
  }

  /** How many statements are prepared now (tests read it). */
  get preparedCount(): number {
    return this.#statements.size;
  }

  /** Milliseconds since a query of this client last started or ended (pglite-upkeep.ts vacuums when it is idle). */
  get idleMs(): number {
    return performance.now() - this.#lastUsed;
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    await this.#pg._checkReady();
    const { results, unflushed } = await this.#pg._runExclusiveTransaction(() =>
      this.#run<T>(sql, params, options, true),
    );
    if (unflushed) await this.#commits?.flushed();
    return results;
  }

  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    this.#lastUsed = performance.now();
    const results = await this.#pg.exec(sql, options).finally(() => {
      this.#lastUsed = performance.now();
    });
    if (this.#commits?.ran(sql)) await this.#commits.flushed();
    return results;
  }

  /** PGlite's transaction (BEGIN, COMMIT or ROLLBACK, its lock), its queries run prepared. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const result = await this.#pg.transaction((tx) =>
      callback({
        query: async <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
          (await this.#run<R>(sql, params, options, false)).results,
        sql: (strings, ...params) => tx.sql(strings, ...params),
        exec: (sql, options) => tx.exec(sql, options),
        rollback: () => tx.rollback(),
        listen: (channel, callback) => tx.listen(channel, callback),
        get closed() {
          return tx.closed;
        },
      }),
    );
    await this.#commits?.flushed();
    return result;
  }

  /**
   * One query under PGlite's query lock; `syncToFs` as PGlite does it (after a query outside a
   * transaction). `unflushed`: its answer must wait for a flush (see pglite-group-commit.ts).
   */
  #run<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    syncToFs: boolean,
  ): Promise<{ results: Results<T>; unflushed: boolean }> {
    return this.#pg._runExclusiveQuery(async () => {
      this.#lastUsed = performance.now();
      const statement = this.#statements.get(sql) ?? (await this.#prepare(sql, options));
      this.#touch(sql, statement);
      const values = params.map((value, i) => serializeParam(this.#pg, value, statement.paramTypes[i], options));
      const message = concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      try {
        const { messages } = await this.#pg.execProtocol(message, { syncToFs });
        const unflushed = this.#commits?.ran(sql) ?? false;
        return { results: toResults<T>(this.#pg, statement.fields, messages, options), unflushed };
      } catch (error) {
        this.#commits?.ran(sql);
        if ((error as { code?: unknown }).code === PLAN_INVALID) await this.#close(sql, statement).catch(() => {});
        throw withQuery(error, sql, params, options);
      } finally {
        this.#lastUsed = performance.now();
      }
    });
  }

  async #prepare(sql: string, options: QueryOptions | undefined): Promise<Statement> {
    const oldest = this.#statements.entries().next().value;
    if (oldest && this.#statements.size >= this.#maxStatements) await this.#close(...oldest);
    this.#counter += 1;
    const name = `${this.#prefix}${this.#counter}`;
    const message = concat([
      serialize.parse({ name, text: sql, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    let messages: BackendMessage[];
    try {
      ({ messages } = await this.#pg.execProtocol(message, { syncToFs: false }));
    } catch (error) {
      throw withQuery(error, sql, [], options);
    }
    const description = messages.find((m) => m.name === 'rowDescription') as unknown as { fields: Field[] } | undefined;
    const fields = (description?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID }));
    return { name, paramTypes: parse.parseDescribeStatementResults(messages), fields };
  }

  #touch(sql: string, statement: Statement) {
    this.#statements.delete(sql);
    this.#statements.set(sql, statement);
  }

  async #close(sql: string, statement: Statement) {
    this.#statements.delete(sql);
    await this.#pg.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
      syncToFs: false,
    });
  }
}
