import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#server/db/schema/index.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { DEMO_STAFF, seedDemoStaff } from "./staff.ts";

describe("the embedded demo's staff", () => {
  it("makes the demo operator and admin once, keeping an account that already had the phone", async () => {
    const { database } = await getTestContext();
    const phones = DEMO_STAFF.map((m) => m.phone);
    await database.db.delete(users).where(inArray(users.phone, phones));
    // The operator's phone signed in as a shopper before the demo started.
    await database.db.insert(users).values({ phone: phones[0]!, roles: ["shopper"] });
    await seedDemoStaff(database.db);
    await seedDemoStaff(database.db);
    const rows = await database.db
      .select({ phone: users.phone, roles: users.roles })
      .from(users)
      .where(inArray(users.phone, phones))
      .orderBy(users.phone);
    expect(rows).toEqual([
      { phone: "+79000000001", roles: ["operator", "shopper"] },
      { phone: "+79000000002", roles: ["admin", "shopper"] },
    ]);
  });
});
