// Bounds and texts of the shopper's address book (delivery addresses and recipients, ADR 031). This module
// imports nothing: the personal pages read it for counters and hints, and the zod schemas in
// contract/addresses.ts and contract/recipients.ts read it for their rules.

/** Delivery addresses one shopper may keep (more is a 409 `address_limit`). */
export const MAX_ADDRESSES = 20;
/** Recipients one shopper may keep (more is a 409 `recipient_limit`). */
export const MAX_RECIPIENTS = 10;

/** Longest typed street address: a long Russian one with settlement and district fits in 200. */
export const ADDRESS_MAX_LENGTH = 300;
/** Entrance, floor and flat: "2", "-1", "12А", "офис 305". */
export const ADDRESS_PART_MAX_LENGTH = 10;
/** Intercom codes may be longer: "12К3456#". */
export const INTERCOM_MAX_LENGTH = 20;
/** The comment for the courier. */
export const COMMENT_MAX_LENGTH = 500;
/** "Смирнова-Петровская Анна-Мария Сергеевна" is 40; a person's full name fits in 150. */
export const FULL_NAME_MAX_LENGTH = 150;
/** RFC 5321's limit of a mailbox. */
export const EMAIL_MAX_LENGTH = 254;

export const DELIVERY_TYPES = ["courier", "pickup"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  courier: "Курьером",
  pickup: "Пункт выдачи",
};

/** Messages of the address book's own rules (the spec's common ones are in contract/validation.ts). */
export const addressMessages = {
  city: "Выберите город",
  cityUnknown: "Такого города нет в списке",
  /** Typed text without a house number cannot be delivered to (the spec's "incomplete address" text is not shown). */
  incomplete: "Укажите улицу и номер дома",
  addressTooLong: `Адрес — не длиннее ${ADDRESS_MAX_LENGTH} символов`,
  partTooLong: `Не длиннее ${ADDRESS_PART_MAX_LENGTH} символов`,
  intercomTooLong: `Не длиннее ${INTERCOM_MAX_LENGTH} символов`,
  commentTooLong: `Комментарий — не длиннее ${COMMENT_MAX_LENGTH} символов`,
  latitude: "Широта — число от −90 до 90",
  longitude: "Долгота — число от −180 до 180",
  bothCoordinates: "Укажите обе координаты или ни одной",
  pickupPoint: "Выберите пункт выдачи",
  pickupPointUnknown: "Пункт выдачи не найден",
  type: "Выберите способ доставки: курьером или в пункт выдачи",
  notFound: "Адрес не найден",
  limit: `Можно сохранить не больше ${MAX_ADDRESSES} адресов. Удалите ненужный, чтобы добавить новый`,
} as const;

export const recipientMessages = {
  fullNameTooLong: `ФИО — не длиннее ${FULL_NAME_MAX_LENGTH} символов`,
  emailTooLong: `Email — не длиннее ${EMAIL_MAX_LENGTH} символов`,
  notFound: "Получатель не найден",
  limit: `Можно сохранить не больше ${MAX_RECIPIENTS} получателей. Удалите ненужного, чтобы добавить нового`,
} as const;

/** A street address a courier can find: some letters (the street) and a digit (the house). */
export function isCompleteAddress(text: string): boolean {
  return /\p{L}{2}/u.test(text) && /\d/.test(text);
}

/** "Смирнова Анна Сергеевна": the full name as the form shows it, from its stored parts. */
export function joinFullName(parts: { surname: string; name: string; patronymic: string | null }): string {
  return [parts.surname, parts.name, parts.patronymic].filter(Boolean).join(" ");
}

/** "Фамилия Имя [Отчество]" (already checked by the spec's full-name rule) split into its stored parts. */
export function splitFullName(fullName: string): {
  surname: string;
  name: string;
  patronymic: string | null;
} {
  const [surname = "", name = "", patronymic] = fullName.trim().split(/\s+/);
  return { surname, name, patronymic: patronymic ?? null };
}

/** "подъезд 2, этаж 5, кв. 12, домофон 12К" — the courier details of an address, for lists. */
export function courierDetails(parts: {
  entrance?: string | null;
  floor?: string | null;
  flat?: string | null;
  intercom?: string | null;
}): string {
  return [
    parts.entrance ? `подъезд ${parts.entrance}` : "",
    parts.floor ? `этаж ${parts.floor}` : "",
    parts.flat ? `кв. ${parts.flat}` : "",
    parts.intercom ? `домофон ${parts.intercom}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}
