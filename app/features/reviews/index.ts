// Reviews from buyers' public entry (ADR 016, ADR 060): the product page's and the purchases' pieces.
export { reviewKeys, useMyReviews } from "./api.ts";
export { HelpfulButton } from "./components/helpful-button.tsx";
export { ReviewButton } from "./components/review-action.tsx";
export { ReviewActionSlot } from "./components/review-slot.tsx";
