import { describe, expect, it } from "vitest";
import { createServices } from "#server/composition/services.ts";
import { buildUser } from "#tests/factories/users.ts";
import { auditRowsOf, userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { OPERATOR_USAGE, runOperatorCommand, UsageError } from "./command.ts";

describe("npm run operator", () => {
  it("adds, lists and removes a role by phone, each change audited as the command line's", async () => {
    const { database } = await getTestContext();
    const { staff } = createServices(database.db);
    const phone = buildUser().phone!;
    expect(await runOperatorCommand(staff, ["add", phone, "operator"])).toEqual([
      `${phone}: shopper, operator`,
    ]);
    expect(
      (await runOperatorCommand(staff, ["list"])).some((l) => l.startsWith(phone) && l.endsWith("Оператор")),
    ).toBe(true);
    expect(await runOperatorCommand(staff, ["remove", phone, "operator"])).toEqual([`${phone}: shopper`]);
    const userId = await userIdByPhone(database.db, phone);
    const audit = await auditRowsOf(database.db, `user:${userId}`);
    expect(audit.map((a) => [a.action, a.actorLabel, a.actorUserId, a.address])).toEqual([
      ["staff.grant", "cli", null, null],
      ["staff.revoke", "cli", null, null],
    ]);
  });

  it("explains itself on a wrong verb, phone or role, and says a missing account is missing", async () => {
    const { database } = await getTestContext();
    const { staff } = createServices(database.db);
    await expect(runOperatorCommand(staff, ["promote", "+79001112233"])).rejects.toThrow(OPERATOR_USAGE);
    await expect(runOperatorCommand(staff, ["add", "12345", "operator"])).rejects.toBeInstanceOf(UsageError);
    await expect(runOperatorCommand(staff, ["add", "+79001112233", "boss"])).rejects.toThrow(
      "Выберите роль: оператор или администратор",
    );
    await expect(runOperatorCommand(staff, ["remove", "+79990000000", "operator"])).rejects.toMatchObject({
      code: "user_not_found",
    });
  });
});
