import { defineConfig } from "vite";

// Bundles the Node entry (Hono app, API, domain, database) into build/node/main.js. Dependencies stay
// external and are loaded from node_modules; SQL migrations are read from the repository at run time.
export default defineConfig({
  build: {
    ssr: "server/main.ts",
    outDir: "build/node",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: "main.js" } },
  },
  ssr: { target: "node" },
});
