// The shopper's address book: delivery addresses (/personal/address/{addressId}) and recipients
// (/personal/recipients), ADR 031. Checkout will read the same queries.
export { addressesQuery, pickupPointsQuery, recipientsQuery } from "./api.ts";
export { AddressesScreen } from "./components/addresses-screen.tsx";
export { NEW_ADDRESS_PATH } from "./components/address-list.tsx";
export { RecipientsPanel } from "./components/recipient-list.tsx";
