/**
 * `npm test` makes the browser tests' template database beside the Vitest stage (scripts/test.mjs), so
 * the browser stage does not begin with 10–15 s of one core migrating and seeding while the other waits.
 * Playwright's global set-up finds it made (the same inputs) and goes straight on; run alone it makes it.
 */
import { createTemplateDatabase } from "./shop-server.ts";

await createTemplateDatabase();
