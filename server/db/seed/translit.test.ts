import { describe, expect, it } from "vitest";
import { slugify, transliterate } from "./translit.ts";

describe("transliterate", () => {
  it("maps the Russian alphabet to Latin", () => {
    expect(transliterate("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")).toBe(
      "abvgdeezhziyklmnoprstufkhtschshshchyeyuya",
    );
  });

  it("lower-cases and keeps Latin letters and digits", () => {
    expect(transliterate("Смартфон Samsung A55")).toBe("smartfon samsung a55");
  });

  it("strips Latin diacritics", () => {
    expect(transliterate("Kärcher L'Oréal Römer")).toBe("karcher l'oreal romer");
  });
});

describe("slugify", () => {
  it.each([
    ["Электроника", "elektronika"],
    ["Смартфоны и гаджеты", "smartfony-i-gadzhety"],
    ["ТВ, аудио и видео", "tv-audio-i-video"],
    ["Постельное бельё", "postelnoe-bele"],
    ["Щётка", "shchetka"],
    ["Смартфон Samsung Galaxy A55 8/256 ГБ, синий", "smartfon-samsung-galaxy-a55-8-256-gb-siniy"],
    ["Молоко Простоквашино 3,2%, 950 мл", "moloko-prostokvashino-3-2-950-ml"],
    ["L'Oréal Paris", "loreal-paris"],
    ["Телевизор LG 55″, 4K UHD", "televizor-lg-55-4k-uhd"],
    ["  --Юла!!  ", "yula"],
    ["", ""],
  ])("%s → %s", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("only ever produces lower-case Latin letters, digits and single inner hyphens", () => {
    const samples = ["Ёлка «Зимняя» № 5 — 150 см", "Шланг 1/2″ × 20 м", "Ünïcödé & Co.", "—", "100% хлопок"];
    for (const s of samples) expect(slugify(s)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
  });

  it("cuts long slugs at a word boundary", () => {
    const slug = slugify("Очень длинное название товара ".repeat(10), 40);
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug.endsWith("-")).toBe(false);
    expect("ochen-dlinnoe-nazvanie-tovara-ochen-dlinnoe".startsWith(slug)).toBe(true);
  });
});
