import { describe, expect, it } from "vitest";
import { removeUsersByPhone, rolesOfPhones, shopperWithPhone } from "#tests/fixtures/staff-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { DEMO_STAFF, seedDemoStaff } from "./staff.ts";

describe("the embedded demo's staff", () => {
  it("makes the demo operator and admin once, keeping an account that already had the phone", async () => {
    const { database } = await getTestContext();
    const phones = DEMO_STAFF.map((m) => m.phone);
    await removeUsersByPhone(database.db, phones);
    // The operator's phone signed in as a shopper before the demo started.
    await shopperWithPhone(database.db, phones[0]!);
    await seedDemoStaff(database.db);
    await seedDemoStaff(database.db);
    const rows = await rolesOfPhones(database.db, phones);
    expect(rows).toEqual([
      { phone: "+79000000001", roles: ["operator", "shopper"] },
      { phone: "+79000000002", roles: ["admin", "shopper"] },
    ]);
  });
});
