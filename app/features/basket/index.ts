// The basket's public entry (ADR 016, 038): the button on cards and the product page, the count for the
// header and the tab bar, and what an order uses to have the basket read again.
export { basketKeys, invalidateBasket, reportBasketCount, useBasketCount } from "./api.ts";
export { BasketButton } from "./components/basket-button.tsx";
