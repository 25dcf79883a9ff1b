export * from "./catalog.ts";
export * from "./geo.ts";
export * from "./reference.ts";
export * from "./search.ts";
export * from "./jobs.ts";
