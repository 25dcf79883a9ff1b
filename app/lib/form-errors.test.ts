import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { failureMessage, reportFailure } from "./form-errors.ts";

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
  it("puts the API's messages on the fields it named, the first message of each", () => {
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

  it("says the API's sentence when no field took the blame (a limit, a refusal)", () => {
    const limit = "Можно сохранить не больше 20 адресов. Удалите ненужный, чтобы добавить новый";
    const error = apiError(409, "address_limit", limit);
    expect(reportFailure(error, ["address", "cityId"] as const)).toEqual({ fields: {}, message: limit });
    expect(failureMessage(error)).toBe(limit);
    expect(reportFailure(apiError(403, "cross_origin", "Запрос отклонён"), FIELDS)).toEqual({
      fields: {},
      message: "Запрос отклонён",
    });
  });

  it("blames the connection for a network failure and says something useful for anything else", () => {
    const offline = new ApiError({ statusMessage: "Network error" });
    expect(reportFailure(offline, FIELDS).message).toMatch(/Нет связи с сервером/);
    expect(failureMessage(offline)).toMatch(/Нет связи с сервером/);
    expect(reportFailure(new Error("boom"), FIELDS).message).toMatch(/Попробуйте ещё раз/);
    expect(failureMessage(new Error("boom"))).toMatch(/Попробуйте ещё раз/);
  });
});
