import { describe, expect, it } from "vitest";
import {
  CODE_FORMAT_MESSAGE,
  CODE_REQUIRED_MESSAGE,
  maskedPhoneToE164,
  PROFILE_EMAIL_MAX,
  PROFILE_NAME_MAX,
  phoneChangeSchema,
  phoneConfirmSchema,
  profileSchema,
  tooLongMessage,
} from "./profile.ts";

// The spec's texts, typed out here rather than imported: a changed message must fail this test.
const REQUIRED = "Поле обязательно к заполнению";
const CYRILLIC = "В поле должна использоваться только кириллица";
const EMAIL = "Неверный формат email";
const PHONE = "Заполните номер телефона полностью";

const valid = { surname: "Иванова", name: "Анна", patronymic: "Сергеевна", email: "anna@example.ru" };

/** Each field's first message, as the form shows them under the fields. */
function errorsOf(input: unknown): Record<string, string> {
  const result = profileSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("the profile schema (spec §5)", () => {
  it("takes a whole profile and trims it", () => {
    expect(profileSchema.parse({ ...valid, surname: "  Иванова ", email: " anna@example.ru " })).toEqual(
      valid,
    );
  });

  it("asks for a surname and a name with the spec's required message", () => {
    expect(errorsOf({ ...valid, surname: "", name: "   " })).toEqual({ surname: REQUIRED, name: REQUIRED });
    expect(errorsOf({ patronymic: "", email: "" })).toEqual({ surname: REQUIRED, name: REQUIRED });
  });

  it("takes Cyrillic only in every name field", () => {
    expect(errorsOf({ ...valid, surname: "Ivanova", name: "Anna1", patronymic: "Sergeevna" })).toEqual({
      surname: CYRILLIC,
      name: CYRILLIC,
      patronymic: CYRILLIC,
    });
    expect(
      errorsOf({ ...valid, surname: "Салтыков-Щедрин", name: "Анна Мария", patronymic: "Ёжиковна" }),
    ).toEqual({});
    expect(errorsOf({ ...valid, surname: "Иванова--Петрова" })).toEqual({ surname: CYRILLIC });
  });

  it("lets the patronymic and the email be empty, stored as null", () => {
    expect(profileSchema.parse({ ...valid, patronymic: "  ", email: "" })).toEqual({
      ...valid,
      patronymic: null,
      email: null,
    });
    expect(profileSchema.parse({ ...valid, patronymic: null, email: null })).toMatchObject({
      patronymic: null,
      email: null,
    });
    expect(profileSchema.parse({ surname: "Иванова", name: "Анна" })).toEqual({
      surname: "Иванова",
      name: "Анна",
      patronymic: null,
      email: null,
    });
  });

  it("checks the email's format with the spec's message", () => {
    for (const email of ["anna", "anna@", "anna@example", "an na@example.ru", "@example.ru"]) {
      expect(errorsOf({ ...valid, email }), email).toEqual({ email: EMAIL });
    }
  });

  it("bounds every field's length", () => {
    const long = "А".repeat(PROFILE_NAME_MAX + 1);
    expect(errorsOf({ ...valid, surname: long, name: long, patronymic: long })).toEqual({
      surname: tooLongMessage(PROFILE_NAME_MAX),
      name: tooLongMessage(PROFILE_NAME_MAX),
      patronymic: tooLongMessage(PROFILE_NAME_MAX),
    });
    expect(errorsOf({ ...valid, surname: "А".repeat(PROFILE_NAME_MAX) })).toEqual({});
    const email = `${"a".repeat(PROFILE_EMAIL_MAX)}@example.ru`;
    expect(errorsOf({ ...valid, email })).toEqual({ email: tooLongMessage(PROFILE_EMAIL_MAX) });
    expect(tooLongMessage(60)).toBe("Не больше 60 символов");
  });

  it("refuses what is not a string", () => {
    expect(errorsOf({ ...valid, surname: 5 })).toEqual({ surname: REQUIRED });
    expect(Object.keys(errorsOf({ ...valid, email: 5 }))).toEqual(["email"]);
  });
});

describe("the phone change schemas", () => {
  it("asks for a whole 18-character number with the spec's messages", () => {
    expect(phoneChangeSchema.safeParse({ phone: "+7 (912) 345-67-89" }).success).toBe(true);
    const message = (phone: string) => phoneChangeSchema.safeParse({ phone }).error?.issues[0]?.message;
    expect(message("")).toBe(REQUIRED);
    expect(message("+7 (912) 345-67")).toBe(PHONE);
    expect(message("+7 (912) 345-67-8")).toBe(PHONE);
    expect(message("+79123456789")).toBe(PHONE);
  });

  it("asks for the six digits of the code", () => {
    const message = (code: string) =>
      phoneConfirmSchema.safeParse({ phone: "+7 (912) 345-67-89", code }).error?.issues[0]?.message;
    expect(message("123456")).toBeUndefined();
    expect(message("")).toBe(CODE_REQUIRED_MESSAGE);
    expect(message("12345")).toBe(CODE_FORMAT_MESSAGE);
    expect(message("12345a")).toBe(CODE_FORMAT_MESSAGE);
  });

  it("turns the masked number into E.164", () => {
    expect(maskedPhoneToE164("+7 (912) 345-67-89")).toBe("+79123456789");
  });
});
