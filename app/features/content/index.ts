// Content pages' public entry for other features (see app/features/catalog/index.ts and ADR 016).
export { contentPageQuery } from "./api.ts";
export { ContentBody } from "./components/content-body.tsx";
