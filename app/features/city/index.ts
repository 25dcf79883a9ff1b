// The city's public entry for other features: checkout and delivery dates depend on the shopper's city
// (see app/features/catalog/index.ts and ADR 016).
export { cityKeys, cityListQuery, currentCityQuery } from "./api.ts";
export { CurrentCityButton } from "./components/current-city-button.tsx";
export { selectCityHref } from "./return-to.ts";
