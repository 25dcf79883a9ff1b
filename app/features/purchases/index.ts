// The purchases' public entry (ADR 016): «Вы покупали» on product cards and pages, and «Купить снова»
// for the account's orders.
export { BuyAgainButton } from "./components/buy-again-button.tsx";
export { PurchasedNote } from "./components/purchased-note.tsx";
