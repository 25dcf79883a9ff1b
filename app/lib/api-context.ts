// The server's API client lives with the request's query client (one of each per request).
export { serverApi } from "./loader-queries.ts";
