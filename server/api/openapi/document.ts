import { z } from "zod";
import { apiErrorBodySchema } from "#contract/errors.ts";

export interface RouteDoc {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI-style path below /api, e.g. `/v1/products/{id}`. */
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** Error statuses the route can answer besides 400 and 500. */
  errors?: number[];
}

const errorRef = { $ref: "#/components/schemas/Error" };

function parameters(schema: z.ZodObject | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: s,
  }));
}

/** Builds the OpenAPI 3.1 document from the routes' own zod schemas, so the two cannot drift. */
export function buildOpenApiDocument(routes: RouteDoc[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const responses: Record<string, unknown> = {
      200: {
        description: "OK",
        content: { "application/json": { schema: z.toJSONSchema(r.response, { unrepresentable: "any" }) } },
      },
      400: { description: "Некорректный запрос", content: { "application/json": { schema: errorRef } } },
      500: { description: "Внутренняя ошибка", content: { "application/json": { schema: errorRef } } },
    };
    for (const status of r.errors ?? []) {
      responses[status] = { description: "Ошибка", content: { "application/json": { schema: errorRef } } };
    }
    paths[`/api${r.path}`] ??= {};
    paths[`/api${r.path}`]![r.method] = {
      summary: r.summary,
      tags: [r.tag],
      parameters: [...parameters(r.params, "path"), ...parameters(r.query, "query")],
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: z.toJSONSchema(r.body, { io: "input" }) } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Vitrina API",
      version: "1.0.0",
      description: "API витрины партнёрского маркетплейса банка",
    },
    paths,
    components: { schemas: { Error: z.toJSONSchema(apiErrorBodySchema) } },
  };
}
