import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { createTemplateDatabase } from "./shop-server.ts";

/**
 * Before any worker starts: the production build, rebuilt when a source is newer (`npm test` has built it
 * already; a developer running `npx playwright test` after an edit has not), and the template database.
 */
export default async function globalSetup(): Promise<void> {
  await buildIfStale();
  await createTemplateDatabase();
}
