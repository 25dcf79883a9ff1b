// Identity's public entry for other features and routes: the import modal (offered at checkout and in the
// profile too, see app/features/catalog/index.ts and ADR 016), the profile page's import offer, and the
// /auth page's choice of ways in (ADR 029, 030).
export { ImportOffer } from "./import-offer.tsx";
export { ImportProfileModal } from "./import-profile-modal.tsx";
export { SignInChoice } from "./sign-in-choice.tsx";
