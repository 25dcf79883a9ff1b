// The shopper's address book (ADR 031): what other features use — the queries, the mutations, the
// recipient form and the recipient's fields (ADR 052), which load their code when first shown. Light on
// purpose: a page that imports this entry (the delivery step) gets no form library or schemas in its first
// load (ADR 016, 039). The screens of /personal/address/{addressId} and /personal/recipients are imported
// by their routes directly.
export {
  type Address,
  addressesQuery,
  pickupPointsQuery,
  type Recipient,
  recipientsQuery,
  useAddressMutations,
} from "./api.ts";
export { LazyRecipientFormModal } from "./components/recipient-form-lazy.tsx";
export { LazyRecipientFields } from "./components/recipient-fields-lazy.tsx";
export type { RecipientFieldsHandle } from "./components/recipient-fields.tsx";
