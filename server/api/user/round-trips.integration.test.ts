import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoCitiesWithPoints } from "#tests/fixtures/address-book-data.ts";
import { callApi, newShopper, readJson } from "#tests/fixtures/api-call.ts";
import { countStatements } from "#tests/fixtures/statement-counter.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { testDriver } from "#tests/fixtures/test-database.ts";

/**
 * What the delivery step's address book costs the database (issue 23): every step reads it, and on this
 * kind of machine a round trip costs the app more than what it computes — the shopper's delivery type and
 * addresses come in one statement after the session's.
 */
describe.runIf(testDriver() === "postgres")("the address book's round trips to PostgreSQL", () => {
  let counter: ReturnType<typeof countStatements>;

  beforeAll(() => {
    counter = countStatements();
  });

  afterAll(() => counter?.restore());

  const read = async (path: string, cookie: string) => {
    counter.reset();
    const body = await readJson<Record<string, unknown>>(await callApi(path, { cookie }));
    return { body, statements: counter.statements(), named: [...counter.named] };
  };

  it("reads the book and the selected address each in one statement after the session", async () => {
    const { database } = await getTestContext();
    const { first } = await twoCitiesWithPoints(database.db);
    const me = await newShopper();
    for (const address of ["ул. Ленина, 5", "ул. Мира, 7"]) {
      const body = { type: "courier", cityId: first.cityId, address };
      await readJson(await callApi("/api/v1/user/address", { method: "POST", cookie: me.cookie, body }), 201);
    }

    const book = await read("/api/v1/user/address", me.cookie);
    expect(book.body).toMatchObject({ deliveryType: "courier" });
    expect((book.body.items as { address: string }[]).map((a) => a.address)).toEqual([
      "ул. Ленина, 5",
      "ул. Мира, 7",
    ]);
    expect(book.statements, book.statements.join("\n")).toHaveLength(2);
    expect(book.named).toEqual(["live_session", "address_book_of_user"]);

    const selected = await read("/api/v1/user/address/selected", me.cookie);
    expect(selected.body).toMatchObject({ deliveryType: "courier", address: { address: "ул. Ленина, 5" } });
    expect(selected.named).toEqual(["live_session", "selected_address_of_user"]);
    expect(selected.statements).toHaveLength(2);
  });
});
