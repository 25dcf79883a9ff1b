import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate` to write SQL migrations; the app applies them itself at start-up
// (drizzle-kit's own PGlite cannot load pg_trgm).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
