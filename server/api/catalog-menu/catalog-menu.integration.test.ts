import { describe, expect, it } from "vitest";
import { categoryTreeSchema } from "#contract/catalog.ts";
import { catalogMenuSchema, menuNodeSchema } from "#contract/catalog-menu.ts";
import { apiErrorBodySchema } from "#contract/errors.ts";
import { renameMenuNode } from "#tests/fixtures/catalog-writes.ts";
import { eventually } from "#tests/fixtures/eventually.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

async function getMenu() {
  const { app } = await getTestContext();
  return catalogMenuSchema.parse(await (await app.request("/api/v1/catalog-menu")).json());
}

describe("GET /api/v1/catalog-menu", () => {
  it("returns the root nodes with their children and grandchildren, each with a link", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/catalog-menu");
    expect(res.status).toBe(200);
    const raw = await res.text();
    // Everything a mega-menu needs, small enough to fetch on the first hover.
    expect(raw.length).toBeLessThan(20_000);
    const { items } = catalogMenuSchema.parse(JSON.parse(raw));
    expect(items.map((n) => n.title)).toEqual([
      "Электроника",
      "Бытовая техника",
      "Одежда и обувь",
      "Дом и сад",
      "Красота и здоровье",
      "Детские товары",
      "Спорт и отдых",
      "Продукты питания",
      "Популярное",
    ]);
    const electronics = items[0]!;
    expect(electronics.href).toMatch(/^\/catalog\/\d+\/[a-z0-9-]+$/);
    expect(electronics.children.length).toBeGreaterThan(0);
    expect(electronics.children.every((g) => g.children.length > 0)).toBe(true);
    // A pure grouping node leads to its own menu page; its children to their categories.
    const popular = items.at(-1)!;
    expect(popular.href).toBe(`/catalog-menu/${popular.id}`);
    expect(popular.children.map((c) => c.title)).toContain("Смартфоны");
    expect(popular.children.every((c) => c.href.startsWith("/catalog/"))).toBe(true);
  });

  it("is a shared read with a validator, and a change to the menu shows at once", async () => {
    const { app, database } = await getTestContext();
    const res = await app.request("/api/v1/catalog-menu");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=600");
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await app.request("/api/v1/catalog-menu", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);

    const root = catalogMenuSchema.parse(await res.json()).items[0]!;
    const old = await renameMenuNode(database.db, root.id, "Электроника и гаджеты");
    try {
      const renamed = await eventually(getMenu, (menu) => menu.items[0]!.title === "Электроника и гаджеты");
      expect(renamed.items[0]!.title).toBe("Электроника и гаджеты");
      const node = menuNodeSchema.parse(await (await app.request(`/api/v1/catalog-menu/${root.id}`)).json());
      expect(node.title).toBe("Электроника и гаджеты");
    } finally {
      await renameMenuNode(database.db, root.id, old!);
    }
    expect((await eventually(getMenu, (menu) => menu.items[0]!.title === old)).items[0]!.title).toBe(old);
  });

  it("links each category node to the category's canonical address", async () => {
    const { app } = await getTestContext();
    const tree = categoryTreeSchema.parse(await (await app.request("/api/v1/categories")).json());
    const { items } = await getMenu();
    const top = tree.items[0]!;
    expect(items[0]!.href).toBe(`/catalog/${top.id}/${top.slug}`);
    const leaf = top.children[0]!.children[0]!;
    expect(items[0]!.children[0]!.children[0]!.href).toBe(`/catalog/${leaf.id}/${leaf.slug}`);
  });
});

describe("GET /api/v1/catalog-menu/{id}", () => {
  it("returns a root node with its children and their product counts", async () => {
    const { app } = await getTestContext();
    const root = (await getMenu()).items[0]!;
    const res = await app.request(`/api/v1/catalog-menu/${root.id}`);
    expect(res.status).toBe(200);
    const node = menuNodeSchema.parse(await res.json());
    expect(node).toMatchObject({ id: root.id, title: "Электроника", href: root.href, ancestors: [] });
    expect(node.categoryId).toBeTypeOf("number");
    expect(node.children.map((c) => c.id)).toEqual(root.children.map((c) => c.id));
    expect(node.children.every((c) => c.childrenCount > 0)).toBe(true);
    // The counts are the category pages' totals.
    const counts = node.children.map((c) => c.productCount ?? -1);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const child = node.children[0]!;
    const categoryId = Number(child.href.split("/")[2]);
    const listing = (await (
      await app.request(`/api/v1/products?categoryId=${categoryId}&limit=1`)
    ).json()) as {
      total: number;
    };
    expect(child.productCount).toBe(listing.total);
  });

  it("gives a grandchild its chain of ancestors and no children", async () => {
    const { app } = await getTestContext();
    const root = (await getMenu()).items[0]!;
    const group = root.children[0]!;
    const leaf = group.children[0]!;
    const node = menuNodeSchema.parse(await (await app.request(`/api/v1/catalog-menu/${leaf.id}`)).json());
    expect(node.ancestors).toEqual([
      { id: root.id, title: root.title, href: root.href },
      { id: group.id, title: group.title, href: group.href },
    ]);
    expect(node.children).toEqual([]);
  });

  it("answers 404 with a Russian message for an unknown id", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/catalog-menu/999999");
    expect(res.status).toBe(404);
    expect(apiErrorBodySchema.parse(await res.json())).toMatchObject({
      status: 404,
      type: "not_found",
      code: "catalog_menu_node_not_found",
      message: "Раздел каталога не найден",
    });
  });

  it.each(["abc", "1.5", "-3", "0", "99999999999"])("answers 400 for the id %s", async (id) => {
    const { app } = await getTestContext();
    const res = await app.request(`/api/v1/catalog-menu/${id}`);
    expect(res.status).toBe(400);
    const body = apiErrorBodySchema.parse(await res.json());
    expect(body).toMatchObject({ type: "validation", code: "invalid_parameters" });
    expect(body.fields?.[0]?.field).toBe("path.id");
    expect(body.fields?.[0]?.message).toMatch(/^Идентификатор раздела меню|^Слишком большой/);
  });
});
