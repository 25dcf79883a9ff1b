// The points account's public entry (ADR 016): the balance the header's account menu shows.
export { useHeaderBalance } from "./api.ts";
