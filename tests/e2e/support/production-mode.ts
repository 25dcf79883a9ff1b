/**
 * Makes the worker's in-process server render as `npm start` does: with React's production build.
 *
 * Workaround, to go once shop-server.ts (or playwright.config.ts) does this itself. The worker's server is
 * the production build (build/node/start.js), but the build keeps `react-dom/server` external, and React
 * picks its build from `process.env.NODE_ENV` when it is first loaded; a Playwright worker has no NODE_ENV
 * (shop-server.ts passes "production" to the server's configuration only), so every page was rendered by
 * React's development build: 5–8 times slower (/basket 4.5–7.4 s against 0.5–1.1 s, signed in, on this
 * machine under load) and not what production runs.
 *
 * Import it first in a spec, before anything else: it takes effect only if nothing in the worker has loaded
 * React yet (the worker's server starts with the first test that needs it, after the spec file is loaded).
 */
process.env.NODE_ENV ??= "production";
