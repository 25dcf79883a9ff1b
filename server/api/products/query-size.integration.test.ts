import { beforeAll, describe, expect, it } from "vitest";
import {
  type CategoryNode,
  MAX_FILTER_VALUES,
  MAX_FILTER_VALUES_TOTAL,
  MAX_RESULT_DEPTH,
} from "#contract/catalog.ts";
import { MAX_PROPERTY_FILTERS } from "#server/domain/catalog/facets-filters.ts";
import { MAX_API_URL_LENGTH } from "#server/api/url-limit.ts";
import { facets, get } from "#tests/fixtures/catalog-api.ts";

/** Issue 10: every input that drives the size of a query is bounded, and past the bound it is a clear 400. */

const enc = encodeURIComponent;
const values = (n: number, prefix = "") =>
  Array.from({ length: n }, (_, i) => `${prefix}${i + 35}`).join(",");

let sections: CategoryNode[] = [];
beforeAll(async () => {
  sections = (await (await get("/api/v1/categories")).json()).items;
});

/** The top-level category whose leaves define the most enum properties, with their codes. */
async function widest(): Promise<{ id: number; codes: string[] }> {
  let best = { id: 0, codes: [] as string[] };
  for (const section of sections) {
    // Every property of the subtree filters, shown or not: a selected one is shown, so selecting one
    // value of each reveals them all.
    const plain = await facets(`categoryId=${section.id}`);
    const codes = plain.properties.filter((p) => p.kind === "enum").map((p) => p.code);
    if (codes.length > best.codes.length) best = { id: section.id, codes };
  }
  return best;
}

async function expectInvalid(path: string, fields: string[]) {
  const res = await get(path);
  expect(res.status, path.slice(0, 120)).toBe(400);
  const body = await res.json();
  expect(body).toMatchObject({ status: 400, type: "validation", code: "invalid_parameters" });
  expect(body.message).toBe("Некорректные параметры запроса");
  expect(body.fields.map((f: { field: string }) => f.field)).toEqual(fields);
  return body as { fields: { field: string; message: string }[] };
}

describe("the size of a catalogue request", () => {
  it("answers 400 to 100 values in each of several property filters, on the listing and its facets", async () => {
    const { id, codes } = await widest();
    expect(codes.length).toBeGreaterThanOrEqual(4);
    const query = `categoryId=${id}&${codes.map((c) => `p.${c}=${enc(values(100))}`).join("&")}`;
    for (const path of [`/api/v1/products?${query}`, `/api/v1/products/facets?${query}`]) {
      const body = await expectInvalid(
        path,
        codes.map((c) => `query.p.${c}`),
      );
      expect(body.fields[0]?.message).toBe(`Не больше ${MAX_FILTER_VALUES} значений`);
    }
  });

  it("counts values once split: a value with a comma is one value, a 51st is refused", async () => {
    const { id, codes } = await widest();
    const code = codes[0];
    await expectInvalid(`/api/v1/products?categoryId=${id}&p.${code}=${enc(values(MAX_FILTER_VALUES + 1))}`, [
      `query.p.${code}`,
    ]);
    const ok = await get(`/api/v1/products?categoryId=${id}&p.${code}=${enc(values(MAX_FILTER_VALUES))}`);
    expect(ok.status).toBe(200);
  });

  it("refuses more property filters than allowed, before looking at any of them", async () => {
    const many = Array.from({ length: MAX_PROPERTY_FILTERS + 1 }, (_, i) => `p.x${i}=1`).join("&");
    const body = await expectInvalid(`/api/v1/products?categoryId=${sections[0]?.id}&${many}`, ["query.p"]);
    expect(body.fields[0]?.message).toBe(`Не больше ${MAX_PROPERTY_FILTERS} фильтров по свойствам`);
  });

  it("refuses more filter values in one request than allowed, counting brands, sellers and properties", async () => {
    const { id, codes } = await widest();
    const brands = Array.from({ length: MAX_FILTER_VALUES }, (_, i) => `b${i}`).join(",");
    const sellers = Array.from({ length: MAX_FILTER_VALUES }, (_, i) => `s${i}`).join(",");
    const query = `categoryId=${id}&brand=${brands}&seller=${sellers}`;
    expect((await get(`/api/v1/products/facets?${query}`)).status).toBe(200);
    const body = await expectInvalid(`/api/v1/products/facets?${query}&p.${codes[0]}=x`, ["query"]);
    expect(body.fields[0]?.message).toBe(
      `Не больше ${MAX_FILTER_VALUES_TOTAL} значений фильтров в одном запросе`,
    );
  });

  it("pages listings and search no deeper than the result depth", async () => {
    const deepest = MAX_RESULT_DEPTH / 100;
    expect((await get(`/api/v1/products?limit=100&page=${deepest}`)).status).toBe(200);
    expect((await get(`/api/v1/search?q=${enc("смартфон")}&limit=100&page=${deepest}`)).status).toBe(200);
    for (const path of [
      `/api/v1/products?limit=100&page=${deepest + 1}`,
      `/api/v1/search?q=${enc("смартфон")}&limit=100&page=${deepest + 1}`,
    ]) {
      const body = await expectInvalid(path, ["query.page"]);
      expect(body.fields[0]?.message).toBe("Слишком далёкая страница: показываются первые 100 тысяч товаров");
    }
  });

  it("answers 400 url_too_long to an API address longer than the limit, whatever the route", async () => {
    const padding = "a".repeat(MAX_API_URL_LENGTH);
    for (const path of [
      `/api/v1/products?x=${padding}`,
      `/api/v1/search/suggest?q=a&x=${padding}`,
      `/api/${padding}`,
    ]) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        status: 400,
        type: "validation",
        code: "url_too_long",
        message: `Слишком длинный адрес запроса: больше ${MAX_API_URL_LENGTH} символов`,
      });
    }
    const longest = `/api/v1/search/suggest?q=a&x=`;
    expect((await get(`${longest}${"a".repeat(MAX_API_URL_LENGTH - longest.length)}`)).status).toBe(200);
  });
});
