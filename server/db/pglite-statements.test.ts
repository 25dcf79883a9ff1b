import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepNamedStatements } from "./pglite-statements.ts";

const notes = pgTable("notes", {
  id: serial("id").primaryKey(),
  author: integer("author").notNull(),
  body: text("body"),
  amount: numeric("amount"),
  meta: jsonb("meta"),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

let client: PGlite;
let db: ReturnType<typeof drizzle>;
let statements: ReturnType<typeof keepNamedStatements>;

beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle(client);
  statements = keepNamedStatements(db, client);
  await client.exec(`CREATE TABLE notes (
    id serial PRIMARY KEY, author integer NOT NULL, body text, amount numeric, meta jsonb, at timestamptz NOT NULL)`);
  await db.insert(notes).values([
    {
      author: 1,
      body: "первая",
      amount: "12.50",
      meta: { tags: ["a"] },
      at: new Date("2026-12-01T10:00:00Z"),
    },
    { author: 1, body: null, amount: null, meta: null, at: new Date("2026-12-02T10:00:00Z") },
    { author: 2, body: "чужая", amount: "1", meta: {}, at: new Date("2026-12-03T10:00:00Z") },
  ]);
  // PGlite's WebAssembly starts in 1–3 s, longer on a machine busy with other suites.
}, 60_000);

afterAll(async () => {
  await client.close();
});

const byAuthor = (author: number) =>
  db
    .select()
    .from(notes)
    .where(eq(notes.author, sql.placeholder("author")))
    .orderBy(notes.id)
    .prepare("notes_by_author")
    .execute({ author });

const prepared = async () =>
  (await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements ORDER BY name")).rows.map(
    (r) => r.name,
  );

describe("named statements on PGlite (ADR 075)", () => {
  it("parses a named statement once and answers each call from it", async () => {
    expect(await byAuthor(2)).toHaveLength(1);
    expect(await byAuthor(1)).toHaveLength(2);
    expect(await byAuthor(3)).toEqual([]);
    // Drizzle's PGlite driver alone leaves nothing here: every call was parsed and planned again.
    expect(await prepared()).toEqual(["notes_by_author"]);
    expect(statements.size).toBe(1);
  });

  it("answers what the same statement unnamed answers: types, nulls, JSON, timestamps", async () => {
    const unnamed = await db.select().from(notes).where(eq(notes.author, 1)).orderBy(notes.id);
    const named = await byAuthor(1);
    expect(named).toEqual(unnamed);
    expect(named[0]).toMatchObject({ body: "первая", amount: "12.50", meta: { tags: ["a"] } });
    expect(named[0]!.at).toEqual(new Date("2026-12-01T10:00:00Z"));
    expect(named[1]).toMatchObject({ body: null, amount: null, meta: null });
  });

  it("serialises a null parameter and a date as PGlite's query does", async () => {
    const select = (body: string | null, after: Date) =>
      db
        .select({ id: notes.id })
        .from(notes)
        .where(
          sql`${notes.body} IS NOT DISTINCT FROM ${sql.placeholder("body")}::text AND ${notes.at} > ${sql.placeholder("after")}`,
        )
        .prepare("notes_by_body")
        .execute({ body, after });
    expect(await select(null, new Date("2026-01-01T00:00:00Z"))).toEqual([{ id: 2 }]);
    expect(await select("чужая", new Date("2026-12-02T12:00:00Z"))).toEqual([{ id: 3 }]);
    expect(await select("чужая", new Date("2026-12-04T00:00:00Z"))).toEqual([]);
  });

  it("parses a name again when it is given another text", async () => {
    expect((await statements.query<{ a: number }>("renamed", "SELECT 1 AS a")).rows).toEqual([{ a: 1 }]);
    expect((await statements.query<{ b: number }>("renamed", "SELECT $1::int + 1 AS b", [1])).rows).toEqual([
      { b: 2 },
    ]);
    expect((await prepared()).filter((name) => name === "renamed")).toHaveLength(1);
  });

  it("names the statement in its error and leaves the session usable", async () => {
    const failing = statements.query("divides", "SELECT 10 / $1::int AS q", [0]);
    await expect(failing).rejects.toMatchObject({
      message: "division by zero",
      query: "SELECT 10 / $1::int AS q",
    });
    expect((await statements.query<{ q: number }>("divides", "SELECT 10 / $1::int AS q", [5])).rows).toEqual([
      { q: 2 },
    ]);
    expect(await byAuthor(2)).toHaveLength(1);
    // A text PostgreSQL cannot parse: the error names it too, and nothing is kept under the name.
    const unparsable = statements.query("broken", "SELECT FROM WHERE");
    await expect(unparsable).rejects.toMatchObject({ query: "SELECT FROM WHERE" });
    expect(await prepared()).not.toContain("broken");
  });

  it("never runs inside another caller's open transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let committed = false;
    const transaction = db.transaction(async (tx) => {
      await tx.insert(notes).values({ author: 7, body: "в транзакции", at: new Date() });
      inserted();
      await held;
    });
    await insertedYet;
    // Read while the transaction holds PGlite's one session: it waits for the transaction to end, and
    // then sees what it committed — never its uncommitted row from inside it.
    const read = byAuthor(7).then((rows) => ({ rows, afterCommit: committed }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    committed = true;
    release();
    await transaction;
    const { rows, afterCommit } = await read;
    expect(afterCommit).toBe(true);
    expect(rows.map((r) => r.body)).toEqual(["в транзакции"]);
  });

  it("leaves a transaction's own statements to PGlite's query", async () => {
    const before = statements.size;
    const rows = await db.transaction((tx) =>
      tx
        .select({ id: notes.id })
        .from(notes)
        .where(eq(notes.author, sql.placeholder("author")))
        .prepare("notes_in_transaction")
        .execute({ author: 2 }),
    );
    expect(rows).toEqual([{ id: 3 }]);
    expect(statements.size).toBe(before);
    expect(await prepared()).not.toContain("notes_in_transaction");
  });
});
