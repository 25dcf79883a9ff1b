import type { Context } from "hono";

/**
 * What a page render tells the API about the shopper's request when its loaders call the API in-process
 * (ADR 026). It travels as the Hono `env` argument of `app.fetch`, which only code in this process can
 * set, never a header: a request from outside cannot claim to be an in-process call.
 */
export interface InProcessCall {
  /** The page request's id: its API calls log under it and answer with it. */
  requestId: string;
  /** The page request's public origin (public-origin.ts). */
  origin: string;
  /**
   * The page request's sessions, each resolved once for all the API calls its render makes (issue 23:
   * the delivery step's five calls read the same session five times). Keyed by the session token.
   */
  sessions?: Map<string, Promise<unknown>>;
}

interface InProcessBindings {
  inProcess?: InProcessCall;
}

/** The `env` to pass to `app.fetch` for an in-process call on behalf of a page request. */
export function inProcessBindings(call: InProcessCall): InProcessBindings {
  return { inProcess: call };
}

/** The page request an in-process API call is made for; undefined for a request from the network. */
export function inProcessCall(c: Context): InProcessCall | undefined {
  return (c.env as InProcessBindings | undefined)?.inProcess;
}
