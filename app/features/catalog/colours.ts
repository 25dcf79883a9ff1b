/**
 * Swatch colours for the variant picker (ADR 065), keyed by the «Цвет» property's value (the masculine
 * form the catalogue filters by). A value without a swatch is shown as its name.
 */
export const SWATCHES: Readonly<Record<string, string>> = {
  чёрный: "#1c1c1e",
  белый: "#f7f7f5",
  серый: "#8e8e93",
  синий: "#2f5fb3",
  голубой: "#8ec5ec",
  "тёмно-синий": "#1f2a4d",
  красный: "#c8282e",
  зелёный: "#3a8a4f",
  изумрудный: "#0f7a5c",
  бежевый: "#d9c3a0",
  розовый: "#f2b6c6",
  фиолетовый: "#7b4bb7",
  жёлтый: "#f4d23c",
  коричневый: "#6e4b2f",
  бордовый: "#7a1f33",
  графитовый: "#3d3f44",
  серебристый: "#c9ccd1",
  золотистый: "#d8b76a",
  молочный: "#f3ecdc",
  оливковый: "#6b7340",
  мятный: "#a8e2cf",
  оранжевый: "#ef7d2d",
  хаки: "#7d7a4f",
  сиреневый: "#c3a6dc",
  терракотовый: "#c0643f",
};

/** The colour property's code in every category that has one. */
export const COLOUR_PROPERTY = "color";
