// The purchases' public entry (ADR 016): «Вы покупали» on product cards and pages. «Купить снова» is
// the account's routes' own (components/buy-again-button.tsx), so the catalogue's pages never load it.
export { PurchasedNote } from "./components/purchased-note.tsx";
