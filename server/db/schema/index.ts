export * from "./basket.ts";
export * from "./catalog.ts";
export * from "./geo.ts";
export * from "./identity.ts";
export * from "./jobs.ts";
export * from "./phone-sign-in.ts";
export * from "./reference.ts";
export * from "./search.ts";
