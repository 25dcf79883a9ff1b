import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  cyrillicSchema,
  emailSchema,
  fullNameObjectSchema,
  fullNameSchema,
  messages,
  optionalNameSchema,
  phoneSchema,
  policySchema,
  requiredSchema,
  toE164Phone,
} from "./validation.ts";

function firstError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
}

const ok = undefined;

describe.each<[string, z.ZodType, [unknown, string | undefined][]]>([
  [
    "required",
    requiredSchema,
    [
      ["текст", ok],
      ["", messages.required],
      ["   ", messages.required],
      [undefined, messages.required],
    ],
  ],
  [
    "cyrillic",
    cyrillicSchema,
    [
      ["Анна", ok],
      ["Анна Мария", ok],
      ["Салтыков-Щедрин", ok],
      ["Ёжиков", ok],
      ["Anna", messages.cyrillic],
      ["Анна1", messages.cyrillic],
      ["А-Б-В", messages.cyrillic],
      ["", messages.required],
    ],
  ],
  [
    "email",
    emailSchema,
    [
      ["ivan@example.ru", ok],
      ["ivan.petrov+shop@mail.example.com", ok],
      ["ivan@", messages.email],
      ["ivan.example.ru", messages.email],
      ["", messages.required],
    ],
  ],
  [
    "phone",
    phoneSchema,
    [
      ["+7 (912) 345-67-89", ok],
      ["+7 (912) 345-67", messages.phone],
      ["+7 (912", messages.phone],
      ["89123456789", messages.phone],
      ["", messages.required],
    ],
  ],
  [
    "full name",
    fullNameSchema,
    [
      ["Иванов Иван", ok],
      ["Иванов Иван Иванович", ok],
      ["Петрова-Водкина Анна", ok],
      ["Иванов  Иван", ok],
      ["Иванов", messages.fullName],
      ["Иванов Иван Иванович Младший", messages.fullName],
      ["Ivanov Ivan", messages.fullName],
      ["", messages.required],
    ],
  ],
  [
    "policy",
    policySchema,
    [
      [true, ok],
      [false, messages.required],
      [undefined, messages.required],
    ],
  ],
  [
    "optional name",
    optionalNameSchema,
    [
      [undefined, ok],
      ["", ok],
      ["Олег", ok],
      ["Oleg", messages.cyrillic],
    ],
  ],
])("%s", (_name, schema, cases) => {
  it.each(cases)("%j → %s", (value, expected) => {
    expect(firstError(schema, value)).toBe(expected);
  });
});

describe("full-name object", () => {
  it("requires surname, name and patronymic, all Cyrillic", () => {
    expect(
      fullNameObjectSchema.safeParse({ surname: "Иванов", name: "Иван", patronymic: "Иванович" }).success,
    ).toBe(true);
    const result = fullNameObjectSchema.safeParse({ surname: "Ivanov", name: "", patronymic: undefined });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toEqual({
      surname: messages.cyrillic,
      name: messages.required,
      patronymic: messages.required,
    });
  });
});

describe("toE164Phone", () => {
  const phone = z.string().transform(toE164Phone);
  it("takes the mask's number and E.164 alike, and nothing else", () => {
    expect(phone.parse("+7 (912) 345-67-89")).toBe("+79123456789");
    expect(phone.parse("+79123456789")).toBe("+79123456789");
    for (const wrong of ["+7 (912) 345-67", "89123456789", "+7912345678", "телефон"]) {
      expect(firstError(phone, wrong), wrong).toBe(messages.phone);
    }
  });
});
