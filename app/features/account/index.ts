// The account's public entry (ADR 016): whether this browser is signed in, for other features' personal
// decoration on public pages (ADR 034).
export { useSignedIn, useSignedInHint } from "./session.ts";
