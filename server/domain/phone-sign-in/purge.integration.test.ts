import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createServices } from "#server/composition/services.ts";
import { purgeStalePhoneSignInData } from "#server/domain/housekeeping.ts";
import { insertPhoneSignInRows, phoneSignInRows } from "#tests/fixtures/phone-sign-in-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const DAY_MS = 24 * 3600 * 1000;
const MINUTE_MS = 60_000;

describe("housekeeping of phone sign-in data", () => {
  it("deletes codes expired or used over a day ago and outbox messages over 30 days old, in batches, and nothing else", async () => {
    const { database } = await getTestContext();
    const db = database.db;
    const services = createServices(db);
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    // Numbers of this run only, so other tests' rows never collide with these.
    const base = 79_000_000_000 + randomInt(0, 900_000_000);
    const phone = (i: number) => `+${base + i}`;
    const code = (i: number, expiresAgo: number, consumedAgo: number | null) => {
      const createdAt = ago(expiresAgo + 5 * MINUTE_MS);
      return {
        phone: phone(i),
        codeHash: "hash",
        createdAt,
        expiresAt: ago(expiresAgo),
        consumedAt: consumedAgo === null ? null : ago(consumedAgo),
        lastSentAt: createdAt,
      };
    };
    await insertPhoneSignInRows(
      db,
      [
        code(0, 3 * DAY_MS, null), // expired three days ago
        code(1, DAY_MS + MINUTE_MS, null), // expired just over a day ago
        code(2, -2 * MINUTE_MS, DAY_MS + MINUTE_MS), // used over a day ago (its expiry then still ahead of it)
        code(3, 2 * DAY_MS, 2 * DAY_MS + MINUTE_MS), // used, then expired, long ago
        code(4, DAY_MS - MINUTE_MS, null), // expired less than a day ago: kept
        code(5, -4 * MINUTE_MS, null), // live: kept
        code(6, -3 * MINUTE_MS, MINUTE_MS), // used a minute ago: kept
      ],
      [],
    );
    const message = (i: number, daysAgo: number) => ({
      phone: phone(i),
      text: `сообщение ${i}`,
      provider: "stand-in",
      providerId: null,
      status: "sent",
      createdAt: ago(daysAgo * DAY_MS),
    });
    await insertPhoneSignInRows(
      db,
      [],
      [message(0, 90), message(1, 45), message(2, 31), message(3, 30.01), message(4, 29.9), message(5, 0)],
    );

    const purged = await purgeStalePhoneSignInData(services, now, 2);
    expect(purged.phoneCodes).toBeGreaterThanOrEqual(4);
    expect(purged.smsOutbox).toBeGreaterThanOrEqual(4);
    const phones = Array.from({ length: 7 }, (_, i) => phone(i));
    const left = await phoneSignInRows(db, phones);
    expect(left.codes).toEqual([phone(4), phone(5), phone(6)]);
    expect(left.messages).toEqual([phone(4), phone(5)]);
    // The live code still works as far as the repository is concerned: a second run leaves it alone.
    await purgeStalePhoneSignInData(services, now, 2);
    expect(await services.phoneCodes.outbox(phone(5))).toHaveLength(1);
  });
});
