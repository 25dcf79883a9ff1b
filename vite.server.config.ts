import { defineConfig } from "vite";

// Bundles the Node entry (Hono app, API, domain, database) into build/node/main.js, and beside it
// build/node/start.js: the same server as a function (server/start.ts), which the browser tests start in
// each Playwright worker over a database of their own. Dependencies stay external and are loaded from
// node_modules; SQL migrations are read from the repository at run time.
export default defineConfig({
  build: {
    ssr: true,
    outDir: "build/node",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: {
      input: { main: "server/main.ts", start: "server/start.ts" },
      output: { entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
  ssr: { target: "node" },
});
