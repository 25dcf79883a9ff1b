import { getApi, getBackgroundApi, unwrap } from "#app/lib/api-client.ts";
import type { ProductQuestion, ProductQuestionPage, StockAlert } from "#contract/questions.ts";

// Questions about a product and «Сообщить о поступлении» (issue 22, point 5; ADR 066). The product page
// is the same for everyone and cached: all of this is asked after hydration. Reads use the background
// client (a 401 sends nobody away); writes the ordinary one, whose 401 takes the shopper to sign-in and back.

export const questionKeys = {
  all: ["questions"] as const,
  /** Per sign-in (the hint's value): a signed-in reader also sees their own pending questions. */
  list: (productId: number, hint: string | undefined) =>
    [...questionKeys.all, "list", productId, hint ?? ""] as const,
  alert: (productId: number, hint: string | undefined) =>
    [...questionKeys.all, "alert", productId, hint ?? ""] as const,
};

export function fetchQuestions(productId: number, before?: number): Promise<ProductQuestionPage> {
  return unwrap(
    getBackgroundApi().v1.products[":id"].questions.$get({
      param: { id: String(productId) },
      query: before ? { before: String(before) } : {},
    }),
  );
}

export function askQuestion(productId: number, text: string): Promise<ProductQuestion> {
  return unwrap(
    getApi().v1.products[":id"].questions.$post({ param: { id: String(productId) }, json: { text } }),
  );
}

export function deleteQuestion(id: number) {
  return unwrap(getApi().v1.questions[":id"].$delete({ param: { id: String(id) } }));
}

export function fetchStockAlert(productId: number): Promise<StockAlert> {
  return unwrap(
    getBackgroundApi().v1.products[":id"]["stock-alert"].$get({ param: { id: String(productId) } }),
  );
}

export function setStockAlert(productId: number, waiting: boolean): Promise<StockAlert> {
  const alert = getApi().v1.products[":id"]["stock-alert"];
  const param = { param: { id: String(productId) } };
  return unwrap(waiting ? alert.$put(param) : alert.$delete(param));
}
