import { describe, expect, it } from "vitest";
import { type ComboboxKeyState, comboboxCommand } from "./combobox-keys.ts";

const open = (active: number, count = 4): ComboboxKeyState => ({ open: true, active, count, hasText: true });
const closed = (hasText = true): ComboboxKeyState => ({ open: false, active: -1, count: 4, hasText });
const press = (key: string, state: ComboboxKeyState, altKey = false) =>
  comboboxCommand({ key, altKey }, state);

describe("arrows", () => {
  it("ArrowDown steps from none to the first option, then down, and wraps from the last to the first", () => {
    expect(press("ArrowDown", open(-1))).toEqual({ type: "activate", index: 0 });
    expect(press("ArrowDown", open(0))).toEqual({ type: "activate", index: 1 });
    expect(press("ArrowDown", open(2))).toEqual({ type: "activate", index: 3 });
    expect(press("ArrowDown", open(3))).toEqual({ type: "activate", index: 0 });
  });

  it("ArrowUp steps from none to the last option, then up, and wraps from the first to the last", () => {
    expect(press("ArrowUp", open(-1))).toEqual({ type: "activate", index: 3 });
    expect(press("ArrowUp", open(3))).toEqual({ type: "activate", index: 2 });
    expect(press("ArrowUp", open(0))).toEqual({ type: "activate", index: 3 });
  });

  it("an active index past a list that shrank starts over at an end", () => {
    expect(press("ArrowDown", open(7, 3))).toEqual({ type: "activate", index: 0 });
    expect(press("ArrowUp", open(7, 3))).toEqual({ type: "activate", index: 2 });
  });

  it("a single option stays active", () => {
    expect(press("ArrowDown", open(0, 1))).toEqual({ type: "activate", index: 0 });
    expect(press("ArrowUp", open(0, 1))).toEqual({ type: "activate", index: 0 });
  });

  it("open the closed list without choosing an option", () => {
    expect(press("ArrowDown", closed())).toEqual({ type: "open" });
    expect(press("ArrowUp", closed())).toEqual({ type: "open" });
    expect(press("ArrowDown", closed(false))).toEqual({ type: "open" });
  });

  it("Alt+ArrowDown only opens, Alt+ArrowUp closes", () => {
    expect(press("ArrowDown", closed(), true)).toEqual({ type: "open" });
    expect(press("ArrowDown", open(1), true)).toBeNull();
    expect(press("ArrowUp", open(1), true)).toEqual({ type: "close" });
    expect(press("ArrowUp", closed(), true)).toBeNull();
  });

  it("do nothing in an open list with no options", () => {
    expect(press("ArrowDown", open(-1, 0))).toBeNull();
    expect(press("ArrowUp", open(-1, 0))).toBeNull();
  });
});

describe("Home and End", () => {
  it("let the active option go so the caret moves in the field (APG, editable combobox)", () => {
    expect(press("Home", open(2))).toEqual({ type: "release" });
    expect(press("End", open(0))).toEqual({ type: "release" });
  });

  it("are the browser's alone with no active option or a closed list", () => {
    expect(press("Home", open(-1))).toBeNull();
    expect(press("End", open(-1))).toBeNull();
    expect(press("Home", closed())).toBeNull();
  });
});

describe("Enter", () => {
  it("chooses the active option", () => {
    expect(press("Enter", open(2))).toEqual({ type: "select", index: 2 });
  });

  it("is left to the owner with no active option (submit, best match)", () => {
    expect(press("Enter", open(-1))).toBeNull();
    expect(press("Enter", closed())).toBeNull();
    expect(press("Enter", open(5, 3))).toBeNull();
  });
});

describe("Escape", () => {
  it("closes an open list first", () => {
    expect(press("Escape", open(1))).toEqual({ type: "close" });
    expect(press("Escape", { ...open(-1), hasText: false })).toEqual({ type: "close" });
  });

  it("then clears the field", () => {
    expect(press("Escape", closed(true))).toEqual({ type: "clear" });
  });

  it("does nothing on a closed, empty field", () => {
    expect(press("Escape", closed(false))).toBeNull();
  });
});

it("leaves typing and Tab alone", () => {
  for (const key of ["a", "Tab", "Backspace", "ArrowLeft", "ArrowRight", " "]) {
    expect(press(key, open(1))).toBeNull();
  }
});
