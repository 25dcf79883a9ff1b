// The shopper's address book (ADR 031): what other features use — the queries, the mutations and the
// recipient form, which loads its code when first opened. Light on purpose: a page that imports this entry
// (the delivery step) gets no form library or schemas in its first load (ADR 016, 039). The screens of
// /personal/address/{addressId} and /personal/recipients are imported by their routes directly.
export {
  type Address,
  addressesQuery,
  pickupPointsQuery,
  type Recipient,
  recipientsQuery,
  useAddressMutations,
} from "./api.ts";
export { LazyRecipientFormModal } from "./components/recipient-form-lazy.tsx";
