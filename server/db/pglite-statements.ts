import {
  type messages as wire,
  parse,
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";

type Parser = (value: string, type: number) => unknown;

/**
 * Named statements on the embedded PGlite (ADR 075). Drizzle's `.prepare(name)` makes node-postgres parse
 * and plan a statement once per connection and reuse it; Drizzle's PGlite driver ignores the name and has
 * every call parsed and planned again — for the basket's lines (a seven-table join) 2.3 ms of planning in
 * WebAssembly against 1 ms of running it. Here a named statement is parsed once into PGlite's one session
 * and then only bound and executed, as on PostgreSQL: the same statements, the same plan cache.
 *
 * Only what runs outside a transaction takes this way (a transaction's statements go through PGlite's own
 * `query`, on the transaction's handle). A statement runs under the same two locks `PGlite.query` takes, so
 * it never lands inside another caller's transaction.
 */
export function namedStatements(client: PGlite) {
  /** What each name was parsed from, and the parameter types its values are serialised for. */
  const parsed = new Map<string, { text: string; paramTypes: number[] }>();

  const exchange = (...messages: Uint8Array[]) => {
    const buffer = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
    let at = 0;
    for (const message of messages) {
      buffer.set(message, at);
      at += message.length;
    }
    return client.execProtocol(buffer, { syncToFs: false });
  };

  /** Parses `text` under `name` (again, if the name last held another text) and learns its parameter types. */
  const prepare = async (name: string, text: string) => {
    const known = parsed.get(name);
    if (known?.text === text) return known;
    if (known) {
      parsed.delete(name);
      await exchange(protocol.serialize.close({ type: "S", name }), protocol.serialize.sync());
    }
    const { messages } = await exchange(
      protocol.serialize.parse({ name, text, types: [] }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync(),
    );
    const statement = { text, paramTypes: parse.parseDescribeStatementResults(messages) };
    parsed.set(name, statement);
    return statement;
  };

  const run = async <T>(name: string, text: string, params: unknown[], options?: QueryOptions) => {
    try {
      const { paramTypes } = await prepare(name, text);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = paramTypes[i]!;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? (serializer(value) as string) : String(value);
      });
      const { messages } = await exchange(
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      );
      return results<T>(
        messages,
        (type) => options?.parsers?.[type] ?? client.parsers[type],
        options?.rowMode,
      );
    } catch (error) {
      // As PGlite's own `query` does: the error names the statement it came from (the query log reads it).
      if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  };

  return {
    /** `client.query(text, params, options)`, with `text` parsed once under `name`. */
    query: async <T>(name: string, text: string, params: unknown[] = [], options?: QueryOptions) => {
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = await run<T>(name, text, params, options);
          if (!client.isInTransaction()) await client.syncToFs();
          return result;
        }),
      );
    },
    /** How many statements are parsed and kept: for tests. */
    get size() {
      return parsed.size;
    },
  };
}

/** The part of Drizzle's PGlite session this reaches into: how it makes a statement of a query. */
interface DrizzleSession {
  prepareQuery(
    query: unknown,
    fields: unknown,
    name: string | undefined,
    ...rest: unknown[]
  ): { client: unknown };
}

/**
 * Has Drizzle's PGlite database run the statements it names through `namedStatements` (outside
 * transactions: a transaction's session is made afresh from PGlite's transaction handle, unchanged).
 */
export function keepNamedStatements(db: unknown, client: PGlite): ReturnType<typeof namedStatements> {
  const statements = namedStatements(client);
  const session = (db as { session: DrizzleSession }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const prepared = prepareQuery(query, fields, name, ...rest);
    if (name) {
      prepared.client = {
        query: (text: string, params: unknown[], options?: QueryOptions) =>
          statements.query(name, text, params, options),
      };
    }
    return prepared;
  };
  return statements;
}

/**
 * One statement's rows, as PGlite's `parseResults` makes them, without its copy of every parser per call
 * (`{ ...client.parsers, ...options.parsers }`: some hundred types, 6 % of a signed-in basket's CPU).
 */
function results<T>(
  messages: wire.BackendMessage[],
  parserOf: (type: number) => Parser | undefined,
  rowMode: QueryOptions["rowMode"],
): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  let rowCount: number | undefined;
  for (const message of messages) {
    if (message.name === "rowDescription") {
      fields = (message as wire.RowDescriptionMessage).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
    } else if (message.name === "dataRow") {
      const values = (message as wire.DataRowMessage).fields.map((value, i) => {
        if (value === null) return null;
        const type = fields[i]!.dataTypeID;
        const parser = parserOf(type);
        return parser ? parser(value, type) : value;
      });
      rows.push(
        rowMode === "array" ? values : Object.fromEntries(values.map((v, i) => [fields[i]!.name, v])),
      );
    } else if (message.name === "commandComplete") {
      const count = Number.parseInt(
        (message as wire.CommandCompleteMessage).text.split(" ").at(-1) ?? "",
        10,
      );
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  return { rows: rows as T[], fields, affectedRows: 0, ...(rowCount === undefined ? {} : { rowCount }) };
}
