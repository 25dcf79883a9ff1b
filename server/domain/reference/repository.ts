import { asc } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { dictionaryEntries, options } from "#server/db/schema/index.ts";

export function createReferenceRepository(db: Database) {
  return {
    listDictionary: () =>
      db
        .select({ code: dictionaryEntries.code, value: dictionaryEntries.value })
        .from(dictionaryEntries)
        .orderBy(asc(dictionaryEntries.code)),
    listOptions: () =>
      db.select({ code: options.code, value: options.value }).from(options).orderBy(asc(options.code)),
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
