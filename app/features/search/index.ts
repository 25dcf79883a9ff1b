// Search's public entry for other features (see app/features/catalog/index.ts and ADR 016).
export { searchKeys, searchQuery, suggestQuery } from "./api.ts";
