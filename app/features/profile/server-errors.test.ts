import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api-client.ts";
import { reportFailure } from "./server-errors.ts";

const FIELDS = ["surname", "name", "patronymic", "email"] as const;

function apiError(
  status: number,
  code: string,
  message: string,
  fields?: { field: string; message: string }[],
) {
  return new ApiError({
    status,
    message,
    body: { status, code, type: "validation", message, ...(fields ? { fields } : {}) } as NonNullable<
      ApiError["body"]
    >,
  });
}

describe("reportFailure", () => {
  it("puts the API's messages on the fields it named", () => {
    const error = apiError(400, "invalid_parameters", "Некорректные параметры запроса", [
      { field: "body.surname", message: "Поле обязательно к заполнению" },
      { field: "body.email", message: "Неверный формат email" },
      { field: "body.email", message: "второе сообщение" },
      { field: "body.unknown", message: "чужое поле" },
    ]);
    expect(reportFailure(error, FIELDS)).toEqual({
      fields: { surname: "Поле обязательно к заполнению", email: "Неверный формат email" },
      message: undefined,
    });
  });

  it("gives a code's refusal to the code field", () => {
    const error = apiError(400, "otp_invalid", "Неверный код. Осталось 4 попытки");
    expect(reportFailure(error, ["phone", "code"] as const, "code")).toEqual({
      fields: { code: "Неверный код. Осталось 4 попытки" },
      message: undefined,
    });
  });

  it("is one sentence when no field is to blame", () => {
    expect(reportFailure(apiError(403, "cross_origin", "Запрос отклонён"), FIELDS)).toEqual({
      fields: {},
      message: "Запрос отклонён",
    });
    expect(reportFailure(new ApiError({ statusMessage: "Network error" }), FIELDS).message).toMatch(
      /Нет связи/,
    );
    expect(reportFailure(new Error("boom"), FIELDS).message).toMatch(/Попробуйте ещё раз/);
  });
});
