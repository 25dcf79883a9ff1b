import { Hono } from "hono";
import type { AppEnv } from "#server/http/env.ts";
import { BODY_LIMITS, limitBody } from "./body-limit.ts";
import { CSP_REPORT_PATH } from "./csp.ts";

/** One violation as we log it: what was blocked, by which directive, on which page and where. */
export interface CspViolation {
  documentUrl: string | undefined;
  directive: string | undefined;
  blockedUrl: string | undefined;
  sourceFile: string | undefined;
  line: number | undefined;
  disposition: string | undefined;
  sample: string | undefined;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value.slice(0, 500) : undefined;
const int = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/**
 * Violations from either report format: `report-uri` (`{"csp-report": {…}}`, kebab-case) and the
 * Reporting API (`[{type: "csp-violation", body: {…}}]`, camelCase). The policy itself is left out: it
 * is long and carries the nonce.
 */
export function parseCspReports(payload: unknown): CspViolation[] {
  if (Array.isArray(payload)) {
    return payload
      .filter((r) => r && typeof r === "object" && r.type === "csp-violation" && r.body)
      .map(({ body: b }) => ({
        documentUrl: text(b.documentURL),
        directive: text(b.effectiveDirective),
        blockedUrl: text(b.blockedURL),
        sourceFile: text(b.sourceFile),
        line: int(b.lineNumber),
        disposition: text(b.disposition),
        sample: text(b.sample),
      }));
  }
  const r =
    payload && typeof payload === "object" ? (payload as Record<string, unknown>)["csp-report"] : null;
  if (!r || typeof r !== "object") return [];
  const b = r as Record<string, unknown>;
  return [
    {
      documentUrl: text(b["document-uri"]),
      directive: text(b["effective-directive"] ?? b["violated-directive"]),
      blockedUrl: text(b["blocked-uri"]),
      sourceFile: text(b["source-file"]),
      line: int(b["line-number"]),
      disposition: text(b.disposition),
      sample: text(b["script-sample"]),
    },
  ];
}

/**
 * Browsers POST policy violations here (the policy's report-uri and report-to); each becomes a warn
 * log line. Outside /api on purpose: it is the browser's protocol, not part of our API, and takes no
 * cookies or Origin check. Bodies are capped so the endpoint cannot be used to flood the logs with bulk.
 */
export const cspReportRoute = new Hono<AppEnv>().post(
  CSP_REPORT_PATH,
  limitBody(BODY_LIMITS.cspReport),
  async (c) => {
    const payload = await c.req.json().catch(() => null);
    for (const violation of parseCspReports(payload).slice(0, 20)) {
      c.get("logger").warn({ csp: violation }, "csp violation");
    }
    return c.body(null, 204);
  },
);
