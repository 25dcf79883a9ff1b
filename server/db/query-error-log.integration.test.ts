import { describe, expect, it } from "vitest";
import { createBankSignInRepository } from "#server/domain/bank-sign-in/repository.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

/**
 * A failed query is logged with its SQL but without its values: drizzle puts them in the error's
 * `params`, message and stack, and during an outage every sign-in's write fails (a flow's state, nonce and
 * PKCE verifier; the bank stand-in's codes and tokens; phone numbers).
 */
async function failedFlowInsert(): Promise<unknown> {
  const { database } = await getTestContext();
  try {
    await createBankSignInRepository(database.db).insertFlow({
      idHash: "flow-id-hash-secret",
      // Breaks the table's check constraint: the query fails on PGlite and PostgreSQL alike.
      purpose: "neither" as "sign_in",
      state: "STATE-SECRET-43-chars-aaaaaaaaaaaaaaaaaaaaaaaaa",
      nonce: "NONCE-SECRET-43-chars-aaaaaaaaaaaaaaaaaaaaaaaaa",
      codeVerifier: "VERIFIER-SECRET-43-chars-aaaaaaaaaaaaaaaaaaaaaa",
      redirectTo: "/personal/orders",
      userId: null,
      expiresAt: new Date(),
    });
  } catch (error) {
    return error;
  }
  throw new Error("the insert was expected to fail");
}

const SECRETS = ["flow-id-hash-secret", "STATE-SECRET", "NONCE-SECRET", "VERIFIER-SECRET"];

describe("a failed query in the log", () => {
  it("keeps the SQL and the database's reason, not the values", async () => {
    const error = await failedFlowInsert();
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(line) });
    logger.warn({ err: error }, "database unavailable");
    // As the API's handlers log it: wrapped as the cause of another error, in a child logger.
    logger.child({ requestId: "r" }).error({ err: new Error("bank callback failed", { cause: error }) }, "x");
    const [direct, wrapped] = lines.map((line) => JSON.parse(line));
    expect(direct.err.message).toMatch(/^Failed query: insert into "auth_flows"/);
    expect(direct.err.message).toContain("params: [redacted]");
    expect(direct.err.query).toMatch(/values \(\$1, \$2/);
    expect(direct.err.params).toBeUndefined();
    expect(wrapped.err.stack).toContain("caused by");
    for (const secret of SECRETS) expect(lines.join("\n")).not.toContain(secret);
  });
});
