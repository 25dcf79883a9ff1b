import { describe, expect, it } from "vitest";
import { createServices } from "#server/composition/services.ts";
import { callApi, readJson, TEST_ORIGIN } from "#tests/fixtures/api-call.ts";
import { auditRowsOf, onlyAdmin } from "#tests/fixtures/staff-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { buildUser } from "#tests/factories/users.ts";

// The back office's gate and its staff management (issue 20, points 1 and 8; ADR 051).

const signedIn = async (roles: string[]) => {
  const { database } = await getTestContext();
  return createSession(database.db, { user: { roles } });
};

/** Every operation of the OpenAPI document under /api/v1/admin, its path parameters filled in. */
async function adminOperations() {
  const { app } = await getTestContext();
  const doc = (await (await app.request(`${TEST_ORIGIN}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/v1/admin/"))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace("{role}", "operator").replace(/\{\w+\}/g, "1"),
      })),
    );
}

const auditRows = async (target: string) => auditRowsOf((await getTestContext()).database.db, target);

describe("the back office's gate", () => {
  it("answers every admin operation 401 signed out and 403 to a shopper, before looking at the input", async () => {
    const operations = await adminOperations();
    expect(operations.length).toBeGreaterThanOrEqual(5);
    const shopper = await signedIn(["shopper"]);
    for (const op of operations) {
      // A body that would not validate: the gate answers first.
      const init = { method: op.method, body: op.method === "GET" ? undefined : { junk: true } };
      const anonymous = await callApi(op.path, init);
      expect(anonymous.status, `${op.method} ${op.path} signed out`).toBe(401);
      const refused = await callApi(op.path, { ...init, cookie: shopper.cookie });
      expect(refused.status, `${op.method} ${op.path} as a shopper`).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "role_required" });
      // OPTIONS is no operation's: the API's 405 with Allow, as on every path, for anyone.
      expect((await callApi(op.path, { method: "OPTIONS" })).status, `OPTIONS ${op.path}`).toBe(405);
    }
  });

  it("lets an operator in, but not into the admin's operations", async () => {
    const operator = await signedIn(["shopper", "operator"]);
    const me = await readJson<{ roles: string[] }>(
      await callApi("/api/v1/admin/me", { cookie: operator.cookie }),
    );
    expect(me.roles).toContain("operator");
    for (const path of ["/api/v1/admin/staff", "/api/v1/admin/audit"]) {
      const res = await callApi(path, { cookie: operator.cookie });
      expect(res.status, path).toBe(403);
    }
    const grant = await callApi("/api/v1/admin/staff", {
      method: "POST",
      cookie: operator.cookie,
      body: { phone: "+79000000099", role: "admin" },
    });
    expect(grant.status).toBe(403);
  });

  it("takes a role away at once: the next request of the same session is refused", async () => {
    const admin = await signedIn(["shopper", "admin"]);
    const operator = await signedIn(["shopper", "operator"]);
    expect((await callApi("/api/v1/admin/me", { cookie: operator.cookie })).status).toBe(200);
    await readJson(
      await callApi(`/api/v1/admin/staff/${operator.userId}/roles/operator`, {
        method: "DELETE",
        cookie: admin.cookie,
      }),
    );
    expect((await callApi("/api/v1/admin/me", { cookie: operator.cookie })).status).toBe(403);
  });
});

describe("staff management by an admin", () => {
  it("grants a role by phone, making the account when nobody signed in with it, once, and audits it", async () => {
    const admin = await signedIn(["shopper", "admin"]);
    const phone = buildUser().phone!;
    const masked = `+7 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`;
    const granted = await readJson<{ userId: number; roles: string[]; phone: string }>(
      await callApi("/api/v1/admin/staff", {
        method: "POST",
        cookie: admin.cookie,
        body: { phone: masked, role: "operator" },
      }),
    );
    expect(granted).toMatchObject({ phone, roles: ["shopper", "operator"] });
    // Again: nothing changes, nothing more is recorded.
    await readJson(
      await callApi("/api/v1/admin/staff", {
        method: "POST",
        cookie: admin.cookie,
        body: { phone, role: "operator" },
      }),
    );
    const rows = await auditRows(`user:${granted.userId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.userId,
      action: "staff.grant",
      details: { phone, role: "operator", created: true },
    });
    const list = await readJson<{ items: { userId: number }[] }>(
      await callApi("/api/v1/admin/staff", { cookie: admin.cookie }),
    );
    expect(list.items.map((m) => m.userId)).toContain(granted.userId);
  });

  it("refuses a bad phone or role with the field's Russian message", async () => {
    const admin = await signedIn(["shopper", "admin"]);
    const res = await callApi("/api/v1/admin/staff", {
      method: "POST",
      cookie: admin.cookie,
      body: { phone: "123", role: "boss" },
    });
    const body = await readJson<{ fields: { field: string; message: string }[] }>(res, 400);
    expect(body.fields.map((f) => f.message)).toEqual(
      expect.arrayContaining([
        "Заполните номер телефона полностью",
        "Выберите роль: оператор или администратор",
      ]),
    );
  });

  it("keeps an admin's own role and the last admin, and says a role not held is not there", async () => {
    const { database } = await getTestContext();
    const admin = await signedIn(["shopper", "admin"]);
    const own = await callApi(`/api/v1/admin/staff/${admin.userId}/roles/admin`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(await readJson(own, 409)).toMatchObject({ code: "own_admin_role" });
    const shopper = await signedIn(["shopper"]);
    const notHeld = await callApi(`/api/v1/admin/staff/${shopper.userId}/roles/operator`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(await readJson(notHeld, 404)).toMatchObject({ code: "role_not_held" });
    // Every other admin of this database removed: the last one stays, whoever asks (here the command line).
    await onlyAdmin(database.db, admin.userId);
    const staff = createServices(database.db).staff;
    await expect(staff.revoke({ cli: true }, admin.userId, "admin")).rejects.toMatchObject({
      code: "last_admin",
    });
  });

  it("shows the audit log to an admin, filtered and paged, newest first", async () => {
    const admin = await signedIn(["shopper", "admin"]);
    const phones = Array.from({ length: 3 }, () => buildUser().phone!);
    for (const phone of phones) {
      await readJson(
        await callApi("/api/v1/admin/staff", {
          method: "POST",
          cookie: admin.cookie,
          body: { phone, role: "operator" },
        }),
      );
    }
    const first = await readJson<{ items: { details: { phone: string } }[]; next: number | null }>(
      await callApi(`/api/v1/admin/audit?action=staff.grant&actorUserId=${admin.userId}&limit=2`, {
        cookie: admin.cookie,
      }),
    );
    expect(first.items.map((i) => i.details.phone)).toEqual([phones[2], phones[1]]);
    expect(first.next).not.toBeNull();
    const second = await readJson<{ items: { details: { phone: string } }[]; next: number | null }>(
      await callApi(
        `/api/v1/admin/audit?action=staff.grant&actorUserId=${admin.userId}&limit=2&before=${first.next}`,
        { cookie: admin.cookie },
      ),
    );
    expect(second.items.map((i) => i.details.phone)).toEqual([phones[0]]);
    expect(second.next).toBeNull();
  });
});
