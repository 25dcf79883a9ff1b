// Who receives the order on the delivery step, as pure rules (the recipient card draws them, ADR 052).

/** «Я» (the shopper) or a saved recipient's id. */
export type RecipientChoice = "self" | number;

/** What the shopper's own profile holds for a delivery: the server places «Я» only with all three. */
export interface SelfDetails {
  surname: string | null;
  name: string | null;
  phone: string | null;
}

export interface SavedRecipient {
  id: number;
  phone: string;
  isDefault: boolean;
}

export interface RecipientOptions {
  /** «Я» can receive the order as it is: surname, name and phone in the profile, and not refused. */
  selfReady: boolean;
  /** «Я» is offered with fields for the missing name (to become a saved recipient when placing). */
  selfAsks: boolean;
}

/** Whether the profile can receive an order: the server wants surname, name and phone (orders/service). */
export function selfCanReceive(self: SelfDetails): boolean {
  return Boolean(self.surname?.trim() && self.name?.trim() && self.phone);
}

/**
 * Which «Я» the card offers. Ready when the profile has what placement needs and the server has not said
 * otherwise (`refused`: it answered `recipient_required`). Otherwise «Я» asks for the name — unless a saved
 * recipient already has the shopper's phone: that is the shopper, saved before, and a second «Я» asking
 * for the same name again would only confuse. A refusal always asks, since the server just said so.
 */
export function recipientOptions(
  self: SelfDetails,
  recipients: readonly SavedRecipient[],
  refused: boolean,
): RecipientOptions {
  const selfReady = !refused && selfCanReceive(self);
  const savedAsSelf = self.phone !== null && recipients.some((r) => r.phone === self.phone);
  return { selfReady, selfAsks: !selfReady && (refused || !savedAsSelf) };
}

/**
 * The recipient the step places with: the shopper's own pick while it is still on offer, else the default
 * recipient, else a ready «Я», else the first saved recipient, else «Я» asking for the name. Never a «Я»
 * that cannot be placed without its fields being shown.
 */
export function chooseRecipient(
  picked: RecipientChoice | undefined,
  options: RecipientOptions,
  recipients: readonly SavedRecipient[],
): RecipientChoice {
  const selfOffered = options.selfReady || options.selfAsks;
  if (picked === "self" && selfOffered) return "self";
  if (typeof picked === "number" && recipients.some((r) => r.id === picked)) return picked;
  const byDefault = recipients.find((r) => r.isDefault) ?? (options.selfReady ? undefined : recipients[0]);
  return byDefault?.id ?? "self";
}
