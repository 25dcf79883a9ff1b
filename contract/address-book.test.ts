import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ADDRESS_MAX_LENGTH,
  addressMessages,
  COMMENT_MAX_LENGTH,
  courierDetails,
  FULL_NAME_MAX_LENGTH,
  isCompleteAddress,
  joinFullName,
  recipientMessages,
  splitFullName,
} from "./address-book.ts";
import { addressInputSchema, deliveryTypeInputSchema, newAddressInputSchema } from "./addresses.ts";
import { newRecipientInputSchema, recipientInputSchema } from "./recipients.ts";
import { messages } from "./validation.ts";

/** Each failing field's first message, by path. */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

const courier = { type: "courier", cityId: 1, address: "ул. Ленина, 5" };

describe("isCompleteAddress", () => {
  it.each([
    ["ул. Ленина, 5", true],
    ["Москва, Тверская 1", true],
    ["5-я Парковая, 12к2", true],
    ["ул. Ленина", false],
    ["12", false],
    ["д5", false],
    ["!!! 5", false],
  ])("%s → %s", (text, complete) => expect(isCompleteAddress(text)).toBe(complete));
});

describe("address bodies", () => {
  it("takes a courier address, trims it and turns empty details into null", () => {
    const parsed = addressInputSchema.parse({
      ...courier,
      address: "  ул. Ленина, 5  ",
      entrance: " 2 ",
      floor: "",
      flat: null,
      comment: "Позвоните за час",
    });
    expect(parsed).toEqual({
      type: "courier",
      cityId: 1,
      address: "ул. Ленина, 5",
      entrance: "2",
      floor: null,
      flat: null,
      intercom: null,
      comment: "Позвоните за час",
      latitude: null,
      longitude: null,
    });
  });

  it("says what is wrong with each courier field, in Russian", () => {
    expect(errors(addressInputSchema, { type: "courier" })).toEqual({
      cityId: addressMessages.city,
      address: messages.required,
    });
    expect(errors(addressInputSchema, { ...courier, address: "   " })).toEqual({
      address: messages.required,
    });
    expect(errors(addressInputSchema, { ...courier, address: "ул. Ленина" })).toEqual({
      address: addressMessages.incomplete,
    });
    expect(
      errors(addressInputSchema, { ...courier, address: `ул. Ленина, 5 ${"д".repeat(ADDRESS_MAX_LENGTH)}` }),
    ).toEqual({ address: addressMessages.addressTooLong });
    expect(
      errors(addressInputSchema, {
        ...courier,
        entrance: "12345678901",
        intercom: "1".repeat(21),
        comment: "я".repeat(COMMENT_MAX_LENGTH + 1),
      }),
    ).toEqual({
      entrance: addressMessages.partTooLong,
      intercom: addressMessages.intercomTooLong,
      comment: addressMessages.commentTooLong,
    });
    expect(errors(addressInputSchema, { ...courier, cityId: Number.NaN })).toEqual({
      cityId: addressMessages.city,
    });
  });

  it("takes coordinates within range, both or neither", () => {
    expect(addressInputSchema.parse({ ...courier, latitude: 55.75, longitude: 37.61 })).toMatchObject({
      latitude: 55.75,
      longitude: 37.61,
    });
    expect(errors(addressInputSchema, { ...courier, latitude: 91, longitude: 0 })).toEqual({
      latitude: addressMessages.latitude,
    });
    expect(errors(addressInputSchema, { ...courier, latitude: 0, longitude: -181 })).toEqual({
      longitude: addressMessages.longitude,
    });
    expect(errors(addressInputSchema, { ...courier, latitude: 55.75 })).toEqual({
      latitude: addressMessages.bothCoordinates,
    });
  });

  it("takes a pickup address by its point alone", () => {
    expect(addressInputSchema.parse({ type: "pickup", pickupPointId: 7, address: "ignored" })).toEqual({
      type: "pickup",
      pickupPointId: 7,
    });
    expect(errors(addressInputSchema, { type: "pickup" })).toEqual({
      pickupPointId: addressMessages.pickupPoint,
    });
  });

  it("refuses an unknown type with the type message", () => {
    expect(errors(addressInputSchema, { ...courier, type: "drone" })).toEqual({ type: addressMessages.type });
    expect(errors(deliveryTypeInputSchema, { type: "drone" })).toEqual({ type: addressMessages.type });
  });

  it("lets a new address ask to be selected", () => {
    expect(newAddressInputSchema.parse({ ...courier, selected: true })).toMatchObject({ selected: true });
    expect(newAddressInputSchema.parse({ type: "pickup", pickupPointId: 1, selected: true })).toMatchObject({
      selected: true,
    });
  });
});

describe("recipient bodies", () => {
  const anna = { fullName: "Смирнова Анна Сергеевна", phone: "+7 (916) 123-45-67" };

  it("splits the full name, normalises the phone to E.164 and makes an empty email null", () => {
    expect(recipientInputSchema.parse({ ...anna, email: "" })).toEqual({
      fullName: { surname: "Смирнова", name: "Анна", patronymic: "Сергеевна" },
      phone: "+79161234567",
      email: null,
    });
    expect(
      recipientInputSchema.parse({
        fullName: "  Петров   Иван ",
        phone: "+79161234567",
        email: "ivan@example.ru",
      }),
    ).toEqual({
      fullName: { surname: "Петров", name: "Иван", patronymic: null },
      phone: "+79161234567",
      email: "ivan@example.ru",
    });
  });

  it("shows the spec's messages verbatim", () => {
    expect(errors(recipientInputSchema, {})).toEqual({
      fullName: messages.required,
      phone: messages.required,
    });
    expect(errors(recipientInputSchema, { ...anna, fullName: "Анна" })).toEqual({
      fullName: messages.fullName,
    });
    expect(errors(recipientInputSchema, { ...anna, fullName: "Anna Smith" })).toEqual({
      fullName: messages.fullName,
    });
    expect(errors(recipientInputSchema, { ...anna, fullName: "Один Два Три Четыре" })).toEqual({
      fullName: messages.fullName,
    });
    expect(errors(recipientInputSchema, { ...anna, phone: "+7 (916) 123-45" })).toEqual({
      phone: messages.phone,
    });
    expect(errors(recipientInputSchema, { ...anna, phone: "+1 555 123 4567" })).toEqual({
      phone: messages.phone,
    });
    expect(errors(recipientInputSchema, { ...anna, email: "anna@" })).toEqual({ email: messages.email });
    expect(
      errors(recipientInputSchema, { ...anna, fullName: `${"Я".repeat(FULL_NAME_MAX_LENGTH)} Я` }),
    ).toEqual({ fullName: recipientMessages.fullNameTooLong });
  });

  it("lets a new recipient ask to be the default", () => {
    expect(newRecipientInputSchema.parse({ ...anna, isDefault: true })).toMatchObject({ isDefault: true });
  });
});

describe("display helpers", () => {
  it("joins and splits full names", () => {
    expect(joinFullName({ surname: "Петров", name: "Иван", patronymic: null })).toBe("Петров Иван");
    expect(splitFullName("Петров Иван Ильич")).toEqual({
      surname: "Петров",
      name: "Иван",
      patronymic: "Ильич",
    });
  });

  it("lists the courier details that are given", () => {
    expect(courierDetails({ entrance: "2", floor: null, flat: "12", intercom: "12К" })).toBe(
      "подъезд 2, кв. 12, домофон 12К",
    );
    expect(courierDetails({})).toBe("");
  });
});
