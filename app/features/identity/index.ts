// Identity's public entry for other features: the import modal is offered at checkout and in the profile
// too (see app/features/catalog/index.ts and ADR 016).
export { ImportProfileModal } from "./import-profile-modal.tsx";
