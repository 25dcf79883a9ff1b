// The catalogue menu's public entry for other features (see app/features/catalog/index.ts and ADR 016).
// The mega-menu itself is not here: it is loaded on the first hover, never with a page.
export { catalogMenuKeys, catalogMenuQuery, menuNodeQuery } from "./api.ts";
