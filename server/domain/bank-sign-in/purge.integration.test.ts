import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createServices } from "#server/composition/services.ts";
import { createUser } from "#tests/factories/users.ts";
import { bankRowsLeft, insertBankRows } from "#tests/fixtures/bank-sign-in-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { purgeStaleBankSignInData } from "./purge.ts";

const id = () => randomBytes(16).toString("base64url");

describe("purge of stale bank sign-in data", () => {
  it("deletes expired flows, imports and stand-in payloads, in batches, and keeps live ones", async () => {
    const { database } = await getTestContext();
    const services = createServices(database.db);
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    const flow = (expiresAt: Date) => ({
      idHash: id(),
      purpose: "sign_in",
      state: id(),
      nonce: id(),
      codeVerifier: id(),
      redirectTo: "/",
      expiresAt,
    });
    const flows = [flow(past), flow(past), flow(past), flow(future)];
    const [a, b, c] = await Promise.all([
      createUser(database.db),
      createUser(database.db),
      createUser(database.db),
    ]);
    const imports = [
      { userId: a!.id, data: {}, expiresAt: past },
      { userId: b!.id, data: {}, expiresAt: past },
      { userId: c!.id, data: {}, expiresAt: future },
    ];
    const payloads = [
      { model: "Session", id: id(), payload: {}, expiresAt: past },
      { model: "AuthorizationCode", id: id(), payload: {}, expiresAt: past },
      { model: "Grant", id: id(), payload: {}, expiresAt: future },
    ];
    await insertBankRows(database.db, { flows, imports, payloads });

    const purged = await purgeStaleBankSignInData(services, now, 2);
    expect(purged.authFlows).toBeGreaterThanOrEqual(3);
    expect(purged.profileImports).toBeGreaterThanOrEqual(2);
    expect(purged.bankOidcPayloads).toBeGreaterThanOrEqual(2);
    expect(
      await bankRowsLeft(database.db, {
        flows: flows.map((f) => f.idHash),
        importUsers: imports.map((i) => i.userId),
        payloads: payloads.map((p) => p.id),
      }),
    ).toEqual({ flows: [flows[3]!.idHash], importUsers: [c!.id], payloads: [payloads[2]!.id] });
  });
});
