// Questions about a product and «Сообщить о поступлении» (issue 22, point 5; ADR 066): the rules the API
// enforces and the pages show. This module imports nothing, so the product page reads it without bringing
// zod into the browser (ADR 024).

/** A question's text, trimmed (the database checks the same bounds). */
export const QUESTION_MAX_LENGTH = 1000;
/** An answer's text (the database checks 1–2000). */
export const ANSWER_MAX_LENGTH = 2000;
/** An operator's reason for hiding a question. */
export const QUESTION_HIDE_REASON_MAX_LENGTH = 500;
/** Questions one shopper may ask in 24 hours, over all products. */
export const QUESTIONS_PER_DAY = 5;
/** Questions a page of the product's list holds. */
export const QUESTIONS_PAGE_SIZE = 10;

/** Whose answer it is: the seller's (an operator writes it for them) or the shop's own. */
export const ANSWERED_AS = ["seller", "shop"] as const;
export type AnsweredAs = (typeof ANSWERED_AS)[number];

/** How the operators' queue filters: waiting for an answer, answered, hidden, or all. */
export const QUESTION_FILTERS = ["unanswered", "answered", "hidden", "all"] as const;
export type QuestionFilter = (typeof QUESTION_FILTERS)[number];

/**
 * A question as its author and the operators see its state: published with an answer, published waiting
 * for one, or hidden by an operator.
 */
export type QuestionState = "answered" | "pending" | "hidden";
export const QUESTION_STATE_TEXT: Record<QuestionState, string> = {
  answered: "Есть ответ",
  pending: "Ждёт ответа",
  hidden: "Скрыт",
};

/** The shop's own name, as an answer «as the shop» is signed. */
export const SHOP_NAME = "Витрина";
