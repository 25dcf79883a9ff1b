import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDetail, Review, ReviewList } from "#contract/catalog.ts";
import { REVIEWS_PER_DAY } from "#contract/review-rules.ts";
import type { HelpfulResult, MyReviews, StaffReview, StaffReviewPage } from "#contract/reviews.ts";
import { uploadUrl } from "#contract/uploads.ts";
import { callApi, readJson, TEST_ORIGIN } from "#tests/fixtures/api-call.ts";
import { eventually } from "#tests/fixtures/eventually.ts";
import { removeOrderData, scratchProduct } from "#tests/fixtures/order-data.ts";
import {
  ageReviewsOf,
  attachedTo,
  cancelParcels,
  deliveredBuyer,
  photosOfReview,
  reviewRow,
  reviewsOfUser,
  shopperWithOrder,
  uploadPhoto,
  votesOf,
} from "#tests/fixtures/review-data.ts";
import { auditRowsOf } from "#tests/fixtures/staff-data.ts";
import { getTestContext, webAppWith } from "#tests/fixtures/test-app.ts";
import { pagePolicyResolver } from "#server/http/page-cache.ts";
import { createSession } from "#tests/factories/sessions.ts";

// Reviews from buyers (issue 21, points 4 and 5; ADR 060): one per buyer of a received product, none from
// anyone else; photos through the upload pipeline; the rating, count and distribution kept in step;
// «Полезно» once per shopper; operators hide and show, audited.

const db = async () => (await getTestContext()).database.db;
const operator = async () => createSession(await db(), { user: { roles: ["shopper", "operator"] } });

afterAll(async () => {
  await removeOrderData(await db());
});

const review = (body: Record<string, unknown> = {}) => ({
  rating: 5,
  pros: "Хороший звук",
  cons: "Нет",
  text: "Пользуюсь неделю, всё нравится",
  ...body,
});

const post = (productId: number, cookie: string | undefined, body: Record<string, unknown> = review()) =>
  callApi(`/api/v1/products/${productId}/reviews`, { method: "POST", cookie, body });

const write = async (productId: number, cookie: string, body?: Record<string, unknown>) =>
  readJson<Review>(await post(productId, cookie, body));

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

const reviewsPage = (productId: number) =>
  callApi(`/api/v1/products/${productId}/reviews?limit=50`).then((r) => readJson<ReviewList>(r));
const productOf = (productId: number) =>
  callApi(`/api/v1/products/${productId}`).then((r) => readJson<ProductDetail>(r));

const hide = (id: number, cookie: string, reason = "Нецензурная лексика") =>
  callApi(`/api/v1/admin/reviews/${id}/hide`, { method: "POST", cookie, body: { reason } });
const show = (id: number, cookie: string) =>
  callApi(`/api/v1/admin/reviews/${id}/show`, { method: "POST", cookie });
const vote = (id: number, cookie?: string) =>
  callApi(`/api/v1/reviews/${id}/helpful`, { method: "POST", cookie });

describe("who may review", () => {
  it("publishes a buyer's review once, with the verified mark and the name from the profile", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const buyer = await deliveredBuyer(database, [product.id], { name: "анна", surname: "Кузнецова" });
    const published = await write(product.id, buyer.cookie, review({ text: "  <b>Отлично</b> & тихо  " }));
    expect(published).toMatchObject({
      authorName: "Анна К.",
      rating: 5,
      verifiedBuyer: true,
      helpfulCount: 0,
      // Stored and given back as text: the page escapes it when it renders.
      text: "<b>Отлично</b> & тихо",
      photos: [],
    });
    const again = await post(product.id, buyer.cookie);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe("review_exists");
    expect(await reviewsOfUser(database, buyer.userId)).toHaveLength(1);
    const page = await reviewsPage(product.id);
    expect(page.items).toEqual([expect.objectContaining({ id: published.id, verifiedBuyer: true })]);
  });

  it("takes one review of many sent at once", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const buyer = await deliveredBuyer(database, [product.id]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(product.id, buyer.cookie)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await reviewsOfUser(database, buyer.userId)).toHaveLength(1);
    expect((await productOf(product.id)).reviewsCount).toBe(1);
  });

  it("names a buyer without a profile name «Покупатель», and one without a surname by the first name", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const nameless = await deliveredBuyer(database, [product.id], { name: "" });
    const firstOnly = await deliveredBuyer(database, [product.id], { name: "Олег" });
    expect((await write(product.id, nameless.cookie)).authorName).toBe("Покупатель");
    expect((await write(product.id, firstOnly.cookie)).authorName).toBe("Олег");
  });

  it("refuses a shopper whose parcel has not arrived, was cancelled, or who bought nothing; signed out is 401", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const buyer = await deliveredBuyer(database, [product.id]);
    const waiting = await shopperWithOrder(database, [product.id]);
    const cancelled = await shopperWithOrder(database, [product.id]);
    await cancelParcels(database, cancelled.order.id);
    const stranger = await createSession(database);
    for (const who of [waiting, cancelled, stranger]) {
      const res = await post(product.id, who.cookie);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("review_not_buyer");
      expect(body.message).toMatch(/получили/);
      expect(await reviewsOfUser(database, who.userId)).toHaveLength(0);
    }
    // Another's delivered order makes nobody else a buyer.
    expect(buyer.order.id).not.toBe(waiting.order.id);
    expect((await post(product.id, undefined)).status).toBe(401);
    const unknown = await post(2_000_000_000, buyer.cookie);
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toBe("product_not_found");
    expect((await productOf(product.id)).reviewsCount).toBe(0);
  });

  it(`takes at most ${REVIEWS_PER_DAY} reviews from one shopper a day`, async () => {
    const database = await db();
    const products = [];
    for (let i = 0; i <= REVIEWS_PER_DAY; i++) products.push(await scratchProduct(database, { stock: 5 }));
    const buyer = await deliveredBuyer(
      database,
      products.map((p) => p.id),
    );
    for (const p of products.slice(0, REVIEWS_PER_DAY)) await write(p.id, buyer.cookie);
    const last = products.at(-1)!.id;
    const refused = await post(last, buyer.cookie);
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe("reviews_limit");
    await ageReviewsOf(database, buyer.userId, 25);
    await write(last, buyer.cookie);
  });

  it("bounds every field and the rating", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const buyer = await deliveredBuyer(database, [product.id]);
    for (const body of [
      review({ rating: 0 }),
      review({ rating: 6 }),
      review({ rating: 4.5 }),
      review({ rating: undefined }),
      review({ pros: "д".repeat(1001) }),
      review({ cons: "д".repeat(1001) }),
      review({ text: "д".repeat(2001) }),
      review({ text: 42 }),
      review({ text: "стоп\u0000слово" }),
    ]) {
      const res = await post(product.id, buyer.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await reviewsOfUser(database, buyer.userId)).toHaveLength(0);
    // At the bounds it goes through.
    await write(product.id, buyer.cookie, review({ pros: "д".repeat(1000), text: "д".repeat(2000) }));
  });
});

describe("photos", () => {
  it("attaches the buyer's photos in order and shows them to anyone while the review is published", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const buyer = await deliveredBuyer(database, [product.id]);
    const other = await createSession(database);
    const staff = await operator();
    const ids = [await uploadPhoto(buyer.cookie), await uploadPhoto(buyer.cookie)];
    // Before the review, a photo is its owner's alone.
    expect((await callApi(uploadUrl(ids[0]!))).status).toBe(401);
    expect((await callApi(uploadUrl(ids[0]!), { cookie: other.cookie })).status).toBe(404);

    const published = await write(product.id, buyer.cookie, review({ photoIds: ids }));
    expect(published.photos.map((p) => p.url)).toEqual(ids.map((id) => uploadUrl(id)));
    expect(published.photos[0]).toMatchObject({ width: 120, height: 80, alt: "Фото покупателя" });
    expect(await attachedTo(database, ids)).toEqual({
      [ids[0]!]: `review:${published.id}`,
      [ids[1]!]: `review:${published.id}`,
    });
    expect((await photosOfReview(database, published.id)).map((p) => p.uploadId)).toEqual(ids);
    const page = await reviewsPage(product.id);
    expect(page.withPhotosCount).toBe(1);
    expect(page.items[0]!.photos).toHaveLength(2);
    for (const cookie of [undefined, other.cookie]) {
      const res = await callApi(`${uploadUrl(ids[0]!)}?w=160`, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\//);
    }

    expect((await hide(published.id, staff.cookie)).status).toBe(200);
    expect((await callApi(uploadUrl(ids[0]!))).status).toBe(401);
    expect((await callApi(uploadUrl(ids[0]!), { cookie: other.cookie })).status).toBe(404);
    expect((await callApi(uploadUrl(ids[0]!), { cookie: buyer.cookie })).status).toBe(200);
    expect((await callApi(uploadUrl(ids[0]!), { cookie: staff.cookie })).status).toBe(200);

    expect((await show(published.id, staff.cookie)).status).toBe(200);
    expect((await callApi(uploadUrl(ids[1]!))).status).toBe(200);
  });

  it("refuses another's photo, a support photo, a used one and more than five; nothing is kept", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const second = await scratchProduct(database, { stock: 10 });
    const buyer = await deliveredBuyer(database, [product.id, second.id]);
    const other = await createSession(database);
    const theirs = await uploadPhoto(other.cookie);
    const support = await uploadPhoto(buyer.cookie, "support");
    const mine = await uploadPhoto(buyer.cookie);
    for (const photoIds of [[mine, theirs], [support]]) {
      const res = await post(product.id, buyer.cookie, review({ photoIds }));
      expect(res.status).toBe(404);
      expect(await codeOf(res)).toBe("upload_not_found");
    }
    expect(await reviewsOfUser(database, buyer.userId)).toHaveLength(0);
    expect(await attachedTo(database, [mine, theirs, support])).toEqual({
      [mine]: null,
      [theirs]: null,
      [support]: null,
    });
    const six = [];
    for (let i = 0; i < 6; i++) six.push(await uploadPhoto(buyer.cookie));
    const tooMany = await post(product.id, buyer.cookie, review({ photoIds: six }));
    expect(tooMany.status).toBe(400);
    const twice = await post(product.id, buyer.cookie, review({ photoIds: [mine, mine] }));
    expect(twice.status).toBe(400);

    await write(product.id, buyer.cookie, review({ photoIds: [mine] }));
    const used = await post(second.id, buyer.cookie, review({ photoIds: [mine] }));
    expect(used.status).toBe(404);
    expect(await reviewsOfUser(database, buyer.userId)).toHaveLength(1);
  });
});

describe("the rating, the count and the distribution", () => {
  it("follow the published reviews, and come back when a hidden one is shown again", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const [a, b, c] = [
      await deliveredBuyer(database, [product.id]),
      await deliveredBuyer(database, [product.id]),
      await deliveredBuyer(database, [product.id]),
    ];
    // Read once, so the catalogue's cache holds the product with no reviews.
    expect(await productOf(product.id)).toMatchObject({ rating: 0, reviewsCount: 0 });
    await write(product.id, a.cookie, review({ rating: 5 }));
    await write(product.id, b.cookie, review({ rating: 4 }));
    const bad = await write(product.id, c.cookie, review({ rating: 1 }));
    const counted = await eventually(
      () => productOf(product.id),
      (p) => p.reviewsCount === 3,
    );
    expect(counted).toMatchObject({ rating: 3.3, reviewsCount: 3 });
    const page = await reviewsPage(product.id);
    expect(page.average).toBe(3.3);
    expect(page.distribution).toEqual([
      { rating: 5, count: 1 },
      { rating: 4, count: 1 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 1 },
    ]);

    const staff = await operator();
    await readJson<StaffReview>(await hide(bad.id, staff.cookie, "Отзыв не о товаре"));
    const after = await eventually(
      () => productOf(product.id),
      (p) => p.reviewsCount === 2,
    );
    expect(after).toMatchObject({ rating: 4.5, reviewsCount: 2 });
    const hiddenPage = await reviewsPage(product.id);
    expect(hiddenPage.items.map((r) => r.id)).not.toContain(bad.id);
    expect(hiddenPage.total).toBe(2);
    expect(hiddenPage.distribution.find((d) => d.rating === 1)!.count).toBe(0);

    await readJson<StaffReview>(await show(bad.id, staff.cookie));
    expect(
      await eventually(
        () => productOf(product.id),
        (p) => p.reviewsCount === 3,
      ),
    ).toMatchObject({ rating: 3.3, reviewsCount: 3 });
  });

  it("recounts right when many buyers review at once", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 20 });
    const buyers = [];
    for (let i = 0; i < 6; i++) buyers.push(await deliveredBuyer(database, [product.id]));
    await Promise.all(buyers.map((b, i) => write(product.id, b.cookie, review({ rating: (i % 5) + 1 }))));
    const product6 = await eventually(
      () => productOf(product.id),
      (p) => p.reviewsCount === 6,
    );
    // 1+2+3+4+5+1 = 16 over 6.
    expect(product6).toMatchObject({ reviewsCount: 6, rating: 2.7 });
  });
});

describe("«Полезно»", () => {
  it("counts one vote per shopper, however many arrive at once", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const author = await deliveredBuyer(database, [product.id]);
    const published = await write(product.id, author.cookie);
    const voter = await createSession(database);
    const answers = await Promise.all(Array.from({ length: 20 }, () => vote(published.id, voter.cookie)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const results = await Promise.all(answers.map((r) => r.json() as Promise<HelpfulResult>));
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect((await reviewRow(database, published.id))!.helpfulCount).toBe(1);
    expect(await votesOf(database, published.id)).toBe(1);

    const others = await Promise.all(Array.from({ length: 10 }, () => createSession(database)));
    await Promise.all(others.map((o) => vote(published.id, o.cookie)));
    expect((await reviewRow(database, published.id))!.helpfulCount).toBe(11);
    expect(await votesOf(database, published.id)).toBe(11);
    const again = await readJson<HelpfulResult>(await vote(published.id, voter.cookie));
    expect(again).toEqual({ reviewId: published.id, helpfulCount: 11, counted: false });
    expect(
      (
        await eventually(
          () => reviewsPage(product.id),
          (p) => p.items[0]!.helpfulCount === 11,
        )
      ).items[0]!.helpfulCount,
    ).toBe(11);

    const mine = await readJson<MyReviews>(
      await callApi(`/api/v1/reviews/mine?ids=${product.id}`, { cookie: voter.cookie }),
    );
    expect(mine).toEqual({ items: [], helpful: [published.id] });
  });

  it("refuses one's own review, a hidden one and a signed-out click", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const author = await deliveredBuyer(database, [product.id]);
    const published = await write(product.id, author.cookie);
    const own = await vote(published.id, author.cookie);
    expect(own.status).toBe(409);
    expect(await codeOf(own)).toBe("review_own");
    expect((await vote(published.id)).status).toBe(401);
    await hide(published.id, (await operator()).cookie);
    const hidden = await vote(published.id, (await createSession(database)).cookie);
    expect(hidden.status).toBe(404);
    expect(await codeOf(hidden)).toBe("review_not_found");
    expect((await vote(2_000_000_000, author.cookie)).status).toBe(404);
    expect((await reviewRow(database, published.id))!.helpfulCount).toBe(0);
  });
});

describe("the shopper's state", () => {
  it("says which products the shopper may review, has reviewed, or had hidden", async () => {
    const database = await db();
    const [a, b, c, d] = [
      await scratchProduct(database, { stock: 5 }),
      await scratchProduct(database, { stock: 5 }),
      await scratchProduct(database, { stock: 5 }),
      await scratchProduct(database, { stock: 5 }),
    ];
    const buyer = await deliveredBuyer(database, [a.id, b.id, c.id]);
    await write(b.id, buyer.cookie);
    const hidden = await write(c.id, buyer.cookie);
    await hide(hidden.id, (await operator()).cookie, "Реклама другого магазина");
    const mine = await readJson<MyReviews>(
      await callApi(`/api/v1/reviews/mine?ids=${a.id},${b.id},${c.id},${d.id}`, { cookie: buyer.cookie }),
    );
    expect(mine.items).toEqual([
      { productId: a.id, state: "can_review", reviewId: null, hiddenReason: null },
      { productId: b.id, state: "reviewed", reviewId: expect.any(Number), hiddenReason: null },
      { productId: c.id, state: "hidden", reviewId: hidden.id, hiddenReason: "Реклама другого магазина" },
    ]);
    expect((await callApi(`/api/v1/reviews/mine?ids=${a.id}`)).status).toBe(401);
    // Not a list of ids, or one past a product id's integer (a 500 from the database before).
    for (const ids of ["x", `${a.id},2147483648`]) {
      const bad = await callApi(`/api/v1/reviews/mine?ids=${ids}`, { cookie: buyer.cookie });
      expect(bad.status, ids).toBe(400);
      expect(JSON.stringify(await bad.json()), ids).toMatch(/через запятую/);
    }
  });
});

describe("the operators", () => {
  it("hide with a reason and show again, each in the audit log; shoppers and the signed-out cannot", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 10 });
    const buyer = await deliveredBuyer(database, [product.id]);
    const published = await write(product.id, buyer.cookie, review({ text: "Звоните 8-900-000-00-00" }));
    const staff = await operator();

    expect((await hide(published.id, buyer.cookie)).status).toBe(403);
    expect(
      (
        await callApi(`/api/v1/admin/reviews/${published.id}/hide`, {
          method: "POST",
          body: { reason: "Спам" },
        })
      ).status,
    ).toBe(401);
    expect((await callApi("/api/v1/admin/reviews", { cookie: buyer.cookie })).status).toBe(403);
    expect((await show(published.id, buyer.cookie)).status).toBe(403);
    expect((await hide(published.id, staff.cookie, "  ")).status).toBe(400);
    expect((await hide(published.id, staff.cookie, "д".repeat(501))).status).toBe(400);
    expect((await reviewRow(database, published.id))!.status).toBe("published");
    expect(await auditRowsOf(database, `review:${published.id}`)).toHaveLength(0);

    const hidden = await readJson<StaffReview>(await hide(published.id, staff.cookie, "Контакты в тексте"));
    expect(hidden).toMatchObject({
      status: "hidden",
      statusText: "Скрыт",
      hiddenReason: "Контакты в тексте",
      product: { id: product.id },
      userId: buyer.userId,
    });
    const again = await hide(published.id, staff.cookie);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe("review_state");
    expect(await reviewRow(database, published.id)).toMatchObject({
      status: "hidden",
      hiddenReason: "Контакты в тексте",
      hiddenBy: staff.userId,
    });

    const list = await readJson<StaffReviewPage>(
      await callApi("/api/v1/admin/reviews?status=hidden&limit=50", { cookie: staff.cookie }),
    );
    expect(list.items.map((r) => r.id)).toContain(published.id);
    expect(list.items.every((r) => r.status === "hidden")).toBe(true);
    const published_ = await readJson<StaffReviewPage>(
      await callApi("/api/v1/admin/reviews?status=published&limit=50", { cookie: staff.cookie }),
    );
    expect(published_.items.map((r) => r.id)).not.toContain(published.id);

    await readJson<StaffReview>(await show(published.id, staff.cookie));
    expect((await show(published.id, staff.cookie)).status).toBe(409);
    const audit = await auditRowsOf(database, `review:${published.id}`);
    expect(audit.map((r) => [r.action, r.actorUserId, (r.details as { reason: string }).reason])).toEqual([
      ["review.hide", staff.userId, "Контакты в тексте"],
      ["review.show", staff.userId, "Контакты в тексте"],
    ]);
    expect((await hide(2_000_000_000, staff.cookie)).status).toBe(404);
  });

  it("page the list newest first", async () => {
    const staff = await operator();
    const first = await readJson<StaffReviewPage>(
      await callApi("/api/v1/admin/reviews?limit=2", { cookie: staff.cookie }),
    );
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!.id).toBeGreaterThan(first.items[1]!.id);
    const next = await readJson<StaffReviewPage>(
      await callApi(`/api/v1/admin/reviews?limit=2&before=${first.next}`, { cookie: staff.cookie }),
    );
    expect(next.items[0]!.id).toBeLessThan(first.items[1]!.id);
    expect(TEST_ORIGIN).toBeTruthy();
  });
});

describe("the product's cached page", () => {
  let web: Awaited<ReturnType<typeof webAppWith>>;
  /** A stand-in storefront: the page is what the product's reviews answered, so a kept copy shows. */
  const ssr = async (request: Request) => {
    const id = /^\/product\/(\d+)/.exec(new URL(request.url).pathname)![1];
    const list = (await (await web.app.request(`/api/v1/products/${id}/reviews`)).json()) as ReviewList;
    return new Response(
      `<html><body>${JSON.stringify(list.items.map((r) => [r.id, r.helpfulCount]))}</body></html>`,
      {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      },
    );
  };
  const page = async (path: string) => {
    const res = await web.app.request(`${TEST_ORIGIN}${path}`);
    const html = await res.text();
    return { cache: res.headers.get("x-cache"), shows: JSON.parse(/<body>(.*)<\/body>/.exec(html)![1]!) };
  };

  beforeAll(async () => {
    web = await webAppWith({
      ssr,
      pagePolicy: pagePolicyResolver([{ path: "product/:productId", handle: { cache: "city", query: [] } }]),
    });
  });
  afterAll(async () => web.close());

  it("is dropped when a review is published, hidden, or found useful", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const buyer = await deliveredBuyer(database, [product.id]);
    const path = `/product/${product.id}`;
    expect(await page(path)).toMatchObject({ cache: "MISS", shows: [] });
    expect(await page(path)).toMatchObject({ cache: "HIT", shows: [] });

    const published = await write(product.id, buyer.cookie);
    expect(
      await eventually(
        () => page(path),
        (p) => p.cache === "MISS",
      ),
    ).toMatchObject({ shows: [[published.id, 0]] });
    expect((await page(path)).cache).toBe("HIT");

    // A vote names its product (migration 0028), so only that product's pages and data go, not the whole
    // catalogue's (the bare table name of migration 0008 did). Other test files share the database and
    // its channel, so what is checked is the message itself, not another page staying kept.
    const { database: handle } = await getTestContext();
    const heard: string[] = [];
    const subscription = await handle.listen("catalog_changed", { onMessage: (p) => heard.push(p) });
    await vote(published.id, (await createSession(database)).cookie);
    expect(
      await eventually(
        () => page(path),
        (p) => p.cache === "MISS",
      ),
    ).toMatchObject({ shows: [[published.id, 1]] });
    expect(
      await eventually(
        async () => heard,
        (h) => h.includes(`reviews:${product.id}`),
      ),
    ).toContain(`reviews:${product.id}`);
    await subscription.close();

    await hide(published.id, (await operator()).cookie);
    expect(
      await eventually(
        () => page(path),
        (p) => p.cache === "MISS",
      ),
    ).toMatchObject({ shows: [] });
  });
});
