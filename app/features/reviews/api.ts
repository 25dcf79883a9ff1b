import { type QueryClient, useQuery } from "@tanstack/react-query";
import { getApi, getBackgroundApi, unwrap } from "#app/lib/api-client.ts";
import type { Review } from "#contract/catalog.ts";
import type { CreateReviewInput, HelpfulResult, MyReviews } from "#contract/reviews.ts";

// Reviews from buyers (issue 21, point 4; ADR 060): what the shopper may do about products, writing one,
// «Полезно». Pages that show them are the same for everyone (and cached): all of this is asked after
// hydration, with the background client, whose 401 sends nobody away.

export const reviewKeys = {
  all: ["reviews"] as const,
  /** Per sign-in (the hint's value) and the products asked about. */
  mine: (hint: string | undefined, productIds: readonly number[]) =>
    [...reviewKeys.all, "mine", hint ?? "", productIds.join(",")] as const,
};

/** The shopper's state for these products (up to 100); disabled while signed out. */
export function useMyReviews(productIds: readonly number[], hint: string | undefined) {
  return useQuery({
    queryKey: reviewKeys.mine(hint, productIds),
    queryFn: (): Promise<MyReviews> =>
      unwrap(getBackgroundApi().v1.reviews.mine.$get({ query: { ids: productIds.join(",") } })),
    enabled: hint !== undefined && productIds.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}

/** Publishes the review; the product's reviews, its card and the shopper's state are read again. */
export async function createReview(
  queryClient: QueryClient,
  productId: number,
  input: CreateReviewInput,
): Promise<Review> {
  const review = await unwrap(
    getApi().v1.products[":id"].reviews.$post({ param: { id: String(productId) }, json: input }),
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    // The catalogue's product and its reviews pages live under ["catalog", "product", id].
    queryClient.invalidateQueries({ queryKey: ["catalog", "product", productId] }),
  ]);
  return review;
}

/** «Полезно»: signed out, the client's 401 takes the shopper to sign-in and back. */
export async function markHelpful(reviewId: number): Promise<HelpfulResult> {
  return unwrap(getApi().v1.reviews[":id"].helpful.$post({ param: { id: String(reviewId) } }));
}
