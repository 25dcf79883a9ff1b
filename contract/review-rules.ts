// Reviews from buyers (issue 21, point 4; ADR 060): the rules the API enforces and the pages show. This
// module imports nothing, so the product page reads it without bringing zod into the browser (ADR 024).

/** The verified-buyer mark a buyer's review carries on the product page. */
export const VERIFIED_BUYER_MARK = "Покупатель Витрины";
/** The author of a buyer's review whose profile has no first name. */
export const ANONYMOUS_AUTHOR = "Покупатель";
/** The alt text of a buyer's photo in a review. */
export const REVIEW_PHOTO_ALT = "Фото покупателя";

export const REVIEW_PROS_MAX_LENGTH = 1000;
export const REVIEW_CONS_MAX_LENGTH = 1000;
export const REVIEW_TEXT_MAX_LENGTH = 2000;
/** An operator's reason for hiding a review. */
export const REVIEW_HIDE_REASON_MAX_LENGTH = 500;
/** Reviews one shopper may publish in 24 hours. */
export const REVIEWS_PER_DAY = 10;

/** What each star means, as the form says it beside the stars. */
export const RATING_TEXT: Readonly<Record<number, string>> = {
  1: "Ужасно",
  2: "Плохо",
  3: "Нормально",
  4: "Хорошо",
  5: "Отлично",
};

export const REVIEW_STATUSES = ["published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_TEXT: Record<ReviewStatus, string> = {
  published: "Опубликован",
  hidden: "Скрыт",
};

/** The longest first name a review shows; the rest of a long one is cut. */
const AUTHOR_NAME_MAX = 40;

/**
 * The author of a buyer's review as the product page shows it: the first name and the surname's initial
 * («Анна К.»), the first name alone without a surname, «Покупатель» without a first name. Nothing else
 * of the profile (patronymic, phone) is ever shown.
 */
export function reviewAuthorName(
  name: string | null | undefined,
  surname: string | null | undefined,
): string {
  const first = (name ?? "").trim().split(/\s+/)[0]?.slice(0, AUTHOR_NAME_MAX) ?? "";
  if (!first) return ANONYMOUS_AUTHOR;
  const initial = (surname ?? "").trim().charAt(0).toLocaleUpperCase("ru-RU");
  const capitalised = first.charAt(0).toLocaleUpperCase("ru-RU") + first.slice(1);
  return initial && /\p{L}/u.test(initial) ? `${capitalised} ${initial}.` : capitalised;
}
