import IMask, { type InputMask } from "imask";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  formatPhone,
  PHONE_INCOMPLETE_MESSAGE,
  PHONE_MASK_OPTIONS,
  PHONE_MIN_LENGTH,
  phoneError,
  phoneToE164,
  REQUIRED_MESSAGE,
} from "./phone-mask.ts";

/**
 * A text field as imask sees it (its MaskElement interface), so these tests drive the same InputMask code
 * the browser runs: each edit changes the text and caret the way the browser would, then fires `input`.
 */
class FakeField extends IMask.MaskElement {
  value = "";
  start = 0;
  end = 0;
  #handlers: Record<string, ((event?: unknown) => void) | undefined> = {};

  override get isActive() {
    return true;
  }
  get _unsafeSelectionStart() {
    return this.start;
  }
  get _unsafeSelectionEnd() {
    return this.end;
  }
  _unsafeSelect(start: number, end: number) {
    this.start = start;
    this.end = end;
  }
  bindEvents(handlers: Record<string, (event?: unknown) => void>) {
    this.#handlers = handlers;
  }
  unbindEvents() {
    this.#handlers = {};
  }

  /** Puts the caret at `position` (a click or an arrow key). */
  caret(position: number) {
    this.start = this.end = position;
    this.#handlers.selectionChange?.();
  }
  /** Replaces the selection with `text`, as typing or pasting does. */
  insert(text: string) {
    this.value = this.value.slice(0, this.start) + text + this.value.slice(this.end);
    this.start = this.end = this.start + text.length;
    this.#handlers.input?.({ inputType: "insertText" });
    this.#handlers.selectionChange?.();
  }
  type(text: string) {
    for (const char of text) this.insert(char);
  }
  /** Backspace: deletes the selection, or the character before the caret. */
  backspace() {
    const from = this.start === this.end ? Math.max(0, this.start - 1) : this.start;
    this.value = this.value.slice(0, from) + this.value.slice(this.end);
    this.start = this.end = from;
    this.#handlers.input?.({ inputType: "deleteContentBackward" });
    this.#handlers.selectionChange?.();
  }
}

let field: FakeField;
let mask: InputMask<typeof PHONE_MASK_OPTIONS>;

beforeEach(() => {
  // imask moves the caret after a short timeout as well; fake timers keep it from running past a test.
  vi.useFakeTimers();
  field = new FakeField();
  mask = IMask(field, PHONE_MASK_OPTIONS);
});
afterEach(() => {
  mask.destroy();
  vi.useRealTimers();
});

const e164 = () => phoneToE164(mask.masked);

describe("typing", () => {
  it("builds the frame around the digits", () => {
    field.type("9");
    expect(field.value).toBe("+7 (9");
    field.type("161234567");
    expect(field.value).toBe("+7 (916) 123-45-67");
    expect(field.value).toHaveLength(PHONE_MIN_LENGTH);
    expect(e164()).toBe("+79161234567");
  });

  it("drops a leading 8 or 7 typed out of habit: the mask already says +7", () => {
    field.type("89161234567");
    expect(field.value).toBe("+7 (916) 123-45-67");
    mask.value = "";
    field.caret(0);
    field.type("79161234567");
    expect(field.value).toBe("+7 (916) 123-45-67");
  });

  it("ignores letters and symbols, and digits past the end", () => {
    field.type("9a1-6 (1)2З3 4567999");
    expect(field.value).toBe("+7 (916) 123-45-67");
  });

  it("has no E.164 value until the number is complete", () => {
    field.type("916123456");
    expect(field.value).toBe("+7 (916) 123-45-6");
    expect(e164()).toBeNull();
  });
});

describe("paste and autofill", () => {
  it.each([
    ["89161234567"],
    ["+7 916 123-45-67"],
    ["+7 (916) 123-45-67"],
    ["8 (916) 123 45 67"],
    ["79161234567"],
    ["9161234567"],
  ])("%s becomes +7 (916) 123-45-67", (pasted) => {
    field.insert(pasted);
    expect(field.value).toBe("+7 (916) 123-45-67");
    expect(e164()).toBe("+79161234567");
  });

  it("a value set by the page (autofill before hydration, a saved number) goes through the mask", () => {
    mask.value = "+79161234567";
    expect(mask.value).toBe("+7 (916) 123-45-67");
    expect(e164()).toBe("+79161234567");
  });
});

describe("backspace", () => {
  it("deletes digits from the end; a frame character left at the end goes with the next press", () => {
    field.type("9161234567");
    field.backspace();
    expect(field.value).toBe("+7 (916) 123-45-6");
    field.backspace();
    expect(field.value).toBe("+7 (916) 123-45-");
    field.backspace();
    field.backspace();
    expect(field.value).toBe("+7 (916) 123-4");
    expect(e164()).toBeNull();
  });

  it("over a hyphen or bracket steps over it to the digit before and keeps every digit", () => {
    field.type("9161234567");
    field.caret("+7 (916) 123-".length);
    field.backspace();
    const digitsLeft = field.value.replace(/\D/g, "");
    // The frame character comes back; the caret now sits before it, so the next Backspace takes the 3.
    expect(field.value).toBe("+7 (916) 123-45-67");
    expect(digitsLeft).toBe("79161234567");
    field.backspace();
    expect(field.value).toBe("+7 (916) 124-56-7");
  });

  it("empties the field down to nothing, not to a stuck +7", () => {
    field.type("91");
    field.backspace();
    field.backspace();
    expect(field.value.replace(/\D/g, "")).toMatch(/^7?$/);
    expect(e164()).toBeNull();
  });
});

describe("phoneError", () => {
  it("says the spec's messages for an empty and an incomplete number", () => {
    expect(phoneError("")).toBe(REQUIRED_MESSAGE);
    expect(phoneError("+7 (916) 123-45-6")).toBe(PHONE_INCOMPLETE_MESSAGE);
    expect(phoneError("+7 (916) 123-45-67")).toBeUndefined();
    expect(PHONE_INCOMPLETE_MESSAGE).toBe("Заполните номер телефона полностью");
  });
});

describe("formatPhone", () => {
  it("shows a Russian number as the field does and leaves others alone", () => {
    expect(formatPhone("+79161234567")).toBe("+7 (916) 123-45-67");
    expect(formatPhone("+4915112345678")).toBe("+4915112345678");
  });
});
