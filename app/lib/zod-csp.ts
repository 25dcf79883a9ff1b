/**
 * zod runs jitless in the browser. The page CSP has no 'unsafe-eval', and zod's JIT probes `new Function("")`
 * as the first object schema is built; the browser reports that as a CSP violation even though zod catches
 * it. The switch has to be on before any form's chunk builds a schema — a module of that chunk is too late,
 * since the bundler evaluates the shared zod chunk (with the contract's schemas) before it — so the root
 * route sets it, through zod's own global (`globalThis.__zod_globalConfig`, kept by zod when present), without
 * loading zod. The server keeps the JIT: its API validates on every request.
 */
if (typeof document !== "undefined") {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
}
