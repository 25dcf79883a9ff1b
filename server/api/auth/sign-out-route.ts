import { createRouter, defineRoute, errorResponses, SIGNED_IN_SECURITY } from "#server/api/define-route.ts";
import { clearSessionCookie, readSessionToken } from "#server/api/session-cookie.ts";

const signOut = defineRoute({
  method: "post",
  path: "/sign-out",
  operationId: "signOut",
  tags: ["auth"],
  summary: "Выйти",
  description: "Завершает сеанс этого браузера и удаляет его cookie. Без входа — тоже 204",
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  responses: { 204: { description: "Сеанс завершён" }, ...errorResponses(403) },
});

export const signOutRoute = createRouter().openapi(signOut, async (c) => {
  const token = readSessionToken(c);
  const actor = c.get("actor");
  // Revoked server-side, not only forgotten by the browser: a copied cookie stops working too.
  if (token) await c.get("services").identity.revokeSession(token);
  clearSessionCookie(c);
  if (actor.kind === "user") c.get("logger").info({ event: "sign_out", userId: actor.userId }, "sign out");
  return c.body(null, 204);
});
