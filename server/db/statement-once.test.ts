import { PGlite } from "@electric-sql/pglite";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepNamedStatements } from "./pglite-statements.ts";
import { columnFields, intArray, prepareSql, sharedStatement } from "./statement-once.ts";
import type { Executor } from "./unit-of-work.ts";

const notes = pgTable("notes", {
  id: serial("id").primaryKey(),
  author: integer("author").notNull(),
  body: text("body"),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

let client: PGlite;
let db: Executor;

beforeAll(async () => {
  client = await PGlite.create();
  const pglite = drizzle(client);
  keepNamedStatements(pglite, client);
  db = pglite as unknown as Executor;
  await client.exec(`CREATE TABLE notes (id serial PRIMARY KEY, author integer NOT NULL, body text,
    at timestamptz NOT NULL)`);
  await client.exec(`INSERT INTO notes (author, body, at) VALUES
    (1, 'первая', '2026-12-01T10:00:00Z'), (2, 'чужая', '2026-12-02T10:00:00Z')`);
  // PGlite's WebAssembly starts in 1–3 s, longer on a machine busy with other suites.
}, 60_000);

afterAll(async () => {
  await client.close();
});

describe("statements built once for the process (ADR 077)", () => {
  it("builds once, then runs on whichever session calls: the database's and each transaction's own", async () => {
    let builds = 0;
    const byAuthors = sharedStatement("notes_by_authors", (executor, name) => {
      builds += 1;
      return executor
        .select({ id: notes.id, body: notes.body })
        .from(notes)
        .where(sql`${notes.author} = any(${sql.placeholder("authors")}::int[])`)
        .orderBy(notes.id)
        .prepare(name);
    });

    expect(await byAuthors(db).execute({ authors: intArray([1]) })).toEqual([{ id: 1, body: "первая" }]);
    // Inside a transaction the statement sees the transaction's own uncommitted row: it runs on the
    // transaction's session (on PGlite, the database's named statements would wait for the transaction's
    // lock and never run).
    for (const body of ["из первой", "из второй"]) {
      await db
        .transaction(async (tx) => {
          await tx.insert(notes).values({ author: 3, body, at: new Date("2026-12-03T10:00:00Z") });
          const rows = await byAuthors(tx).execute({ authors: intArray([2, 3]) });
          expect(rows.map((r) => r.body)).toEqual(["чужая", body]);
          expect(byAuthors(tx)).toBe(byAuthors(tx));
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
        });
    }
    expect(await byAuthors(db).execute({ authors: intArray([2, 3]) })).toEqual([{ id: 2, body: "чужая" }]);
    expect(builds).toBe(1);
  });

  it("refuses a value written into the statement: it would be frozen into every later call", () => {
    const author = 1;
    const frozen = sharedStatement("notes_of_one_author", (executor, name) =>
      executor.select().from(notes).where(eq(notes.author, author)).prepare(name),
    );
    expect(() => frozen(db)).toThrow(/notes_of_one_author: 1 value\(s\) not a placeholder/);
  });

  it("prepares hand-written SQL whose rows are mapped as Drizzle maps the columns", async () => {
    const touched = sharedStatement("notes_touched", (executor, name) => {
      const fields = columnFields(getTableColumns(notes));
      return prepareSql<typeof notes.$inferSelect>(
        executor,
        sql`WITH t AS (UPDATE ${notes} SET body = body || '!' WHERE id = ${sql.placeholder("id")}
          RETURNING *) SELECT ${sql.join(
            fields.map(({ field }) => sql`t.${sql.identifier(field.name)}`),
            sql`, `,
          )} FROM t`,
        name,
        fields,
      );
    });
    const [row] = await touched(db).execute({ id: 1 });
    expect(row).toEqual({ id: 1, author: 1, body: "первая!", at: new Date("2026-12-01T10:00:00Z") });
    expect(await touched(db).execute({ id: 99 })).toEqual([]);
  });

  it("writes a list of ids as one int[] parameter", () => {
    expect(intArray([3, 1.9, 20])).toBe("{3,1,20}");
    expect(intArray(new Set<number>())).toBe("{}");
  });
});
