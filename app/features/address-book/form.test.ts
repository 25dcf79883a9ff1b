import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api-client.ts";
import { failureMessage, reportFailure } from "./form.ts";

const FIELDS = ["address", "cityId"] as const;

describe("reportFailure", () => {
  it("puts the API's field messages under the form's own fields", () => {
    const error = new ApiError({
      status: 400,
      message: "Некорректные параметры запроса",
      body: {
        status: 400,
        code: "invalid_parameters",
        type: "validation",
        message: "Некорректные параметры запроса",
        fields: [
          { field: "body.address", message: "Укажите улицу и номер дома" },
          { field: "body.address", message: "второе сообщение того же поля" },
          { field: "body.unknown", message: "не поле формы" },
        ],
      },
    });
    expect(reportFailure(error, FIELDS)).toEqual({
      fields: { address: "Укажите улицу и номер дома" },
      message: undefined,
    });
  });

  it("says the API's sentence when no field took the blame (the limit)", () => {
    const message = "Можно сохранить не больше 20 адресов. Удалите ненужный, чтобы добавить новый";
    const error = new ApiError({
      status: 409,
      message,
      body: { status: 409, code: "address_limit", type: "conflict", message },
    });
    expect(reportFailure(error, FIELDS)).toEqual({ fields: {}, message });
    expect(failureMessage(error)).toBe(message);
  });

  it("blames the connection for a network failure and says something useful for anything else", () => {
    const offline = new ApiError({ statusMessage: "Network error" });
    expect(failureMessage(offline)).toMatch(/Нет связи с сервером/);
    expect(failureMessage(new Error("boom"))).toMatch(/Попробуйте ещё раз/);
  });
});
