import { z } from "zod";
import type { Kopecks, Points } from "./money.ts";

/**
 * Money and points in the contract's schemas (ADR 046). What goes over the wire is a whole number, so
 * the schema is `z.number().int()` (and the OpenAPI document says `integer`); what it gives the
 * program is the brand. The input type stays `number`, so a request built by hand needs no cast; an
 * answer the storefront reads (its client is typed by the routes' schemas) is already `Kopecks` or
 * `Points`, and the server brands exactly where a row becomes an answer.
 *
 * The cast is the only one the brand needs: zod's own `.brand()` makes a different type, and a
 * `.transform()` would turn the schema into a pipe the OpenAPI document describes less well.
 */
export const kopecksSchema = z.number().int() as unknown as z.ZodType<Kopecks, number>;

export const pointsSchema = z.number().int() as unknown as z.ZodType<Points, number>;
