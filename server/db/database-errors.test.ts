import { describe, expect, it } from "vitest";
import { AppError } from "#server/errors.ts";
import {
  DatabaseUnreachableError,
  databaseAppError,
  databaseFault,
  isUniqueViolation,
  PoolSaturatedError,
} from "./database-errors.ts";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("database fault classification", () => {
  it.each([
    ["ECONNREFUSED", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["ECONNRESET", withCode("ECONNRESET", "read ECONNRESET")],
    ["ETIMEDOUT", withCode("ETIMEDOUT")],
    ["connection lost", new Error("Connection terminated unexpectedly")],
    ["pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["client connect timeout", new Error("Connection terminated due to connection timeout")],
    ["client-side query timeout", new Error("Query read timeout")],
    ["SQLSTATE 08006", withCode("08006")],
    ["SQLSTATE 08P01", withCode("08P01")],
    ["admin shutdown 57P01", withCode("57P01", "terminating connection due to administrator command")],
    ["crash shutdown 57P02", withCode("57P02")],
    ["starting up 57P03", withCode("57P03", "the database system is starting up")],
    ["too many connections 53300", withCode("53300")],
    ["the pool's gate", new DatabaseUnreachableError("held back")],
  ])("%s is the database being unavailable", (_name, error) => {
    expect(databaseFault(error)).toBe("unavailable");
  });

  it("a cancelled statement (statement timeout, 57014) is a query timeout", () => {
    expect(databaseFault(withCode("57014", "canceling statement due to statement timeout"))).toBe(
      "query_timeout",
    );
  });

  it("looks through Drizzle's wrapper and a failed connect's list of attempts", () => {
    const drizzle = new Error("Failed query: select 1", { cause: withCode("57P01") });
    expect(databaseFault(drizzle)).toBe("unavailable");
    const aggregate = new AggregateError([withCode("ECONNREFUSED")], "all attempts failed");
    expect(databaseFault(aggregate)).toBe("unavailable");
  });

  it.each([
    ["unique violation", withCode("23505")],
    ["syntax error", withCode("42601")],
    ["serialization failure", withCode("40001")],
    ["a plain bug", new TypeError("x is undefined")],
    ["an AppError", new AppError("not_found", "Нет")],
  ])("%s is not", (_name, error) => {
    expect(databaseFault(error)).toBeUndefined();
    expect(databaseAppError(error)).toBeUndefined();
  });

  it("gives 503 with Retry-After and a code per fault", () => {
    const unavailable = databaseAppError(withCode("ECONNREFUSED"));
    expect(unavailable).toMatchObject({ status: 503, code: "database_unavailable", type: "unavailable" });
    expect(unavailable?.retryAfterSeconds).toBeGreaterThan(0);
    const timeout = databaseAppError(withCode("57014"));
    expect(timeout).toMatchObject({ status: 503, code: "query_timeout" });
    expect(timeout?.retryAfterSeconds).toBeGreaterThan(0);
    const busy = databaseAppError(
      new PoolSaturatedError("all 10 busy", { cause: new Error("timeout exceeded") }),
    );
    expect(busy).toMatchObject({ status: 503, code: "service_busy", type: "unavailable" });
    expect(busy?.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe("isUniqueViolation", () => {
  it("finds 23505 on the error or under Drizzle's wrapper, and nothing else", () => {
    expect(isUniqueViolation(withCode("23505"))).toBe(true);
    expect(isUniqueViolation(new Error("Failed query", { cause: withCode("23505") }))).toBe(true);
    expect(isUniqueViolation(new Error("Failed query", { cause: withCode("23503") }))).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
