import { describe, expect, it } from "vitest";
import { kopecks, points } from "#contract/money.ts";
import {
  cancelledText,
  deliveredText,
  inDeliveryText,
  notCollectedText,
  paidText,
  readyForPickupText,
  returnApprovedText,
  returnRejectedText,
  smsDate,
  smsSegments,
} from "./texts.ts";

const whole = { number: "1234-5678", part: false };
const part = { number: "1234-5678", part: true };
const NBSP = "\u00a0";

describe("the order's SMS texts", () => {
  it("says the order is paid in one SMS", () => {
    const text = paidText("1234-5678");
    expect(text).toBe("Заказ 1234-5678 оплачен. Сообщим, когда передадим в доставку. Витрина");
    expect(smsSegments(text)).toBe(1);
  });

  it("says it was handed to delivery, with the date when it is still ahead, in one SMS", () => {
    expect(inDeliveryText(whole, "2026-12-03")).toBe(
      "Заказ 1234-5678 передан в доставку. Ожидайте 03.12. Витрина",
    );
    expect(inDeliveryText(whole)).toBe("Заказ 1234-5678 передан в доставку. Витрина");
    const partial = inDeliveryText(part, "2026-12-03");
    expect(partial).toBe("Часть заказа 1234-5678 передана в доставку. Ожидайте 03.12. Витрина");
    expect(smsSegments(partial)).toBe(1);
  });

  it("gives the point, the pickup code and the last day of storage: two SMS, three for a long address", () => {
    const text = readyForPickupText(whole, {
      pointName: "Отделение Почты России № 42",
      address: "пр-кт Ленинградский, д 112 к 3",
      code: "048213",
      storageUntil: "2026-12-08",
    });
    expect(text).toBe(
      "Заказ 1234-5678 ждёт вас: Отделение Почты России № 42, пр-кт Ленинградский, д 112 к 3. " +
        "Код получения 048213, заберите до 08.12. Витрина",
    );
    expect(smsSegments(text)).toBe(3);
    const typical = readyForPickupText(whole, {
      pointName: "Пункт выдачи СДЭК",
      address: "ул Профсоюзная, д 56",
      code: "048213",
      storageUntil: "2026-12-08",
    });
    expect(smsSegments(typical)).toBe(2);
    expect(
      readyForPickupText(part, {
        pointName: null,
        address: "ул Ленина, д 12",
        code: "000001",
        storageUntil: "2027-01-02",
      }),
    ).toBe(
      "Часть заказа 1234-5678 ждёт вас: ул Ленина, д 12. Код получения 000001, заберите до 02.01. Витрина",
    );
  });

  it("thanks for the purchase in the words of the delivery type, in one SMS", () => {
    expect(deliveredText(whole, "courier")).toBe("Заказ 1234-5678 доставлен. Спасибо за покупку! Витрина");
    expect(deliveredText(whole, "pickup")).toBe("Заказ 1234-5678 получен. Спасибо за покупку! Витрина");
    expect(deliveredText(part, "pickup")).toBe(
      "Часть заказа 1234-5678 получена. Спасибо за покупку! Витрина",
    );
    expect(smsSegments(deliveredText(part, "courier"))).toBe(1);
  });

  it("says what comes back when an order or part of it is cancelled", () => {
    const both = cancelledText(whole, { amount: kopecks(150_050), points: points(300) });
    expect(both).toBe(
      `Заказ 1234-5678 отменён. 1${NBSP}500,50${NBSP}₽ вернутся на карту в течение 10 дней, ` +
        `300 баллов уже на счёте. Витрина`,
    );
    expect(smsSegments(both)).toBe(2);
    expect(cancelledText(part, { amount: kopecks(99_000), points: points(0) })).toBe(
      `Часть заказа 1234-5678 отменена. 990${NBSP}₽ вернутся на карту в течение 10 дней. Витрина`,
    );
    expect(cancelledText(whole, { amount: kopecks(0), points: points(1) })).toBe(
      "Заказ 1234-5678 отменён. 1 балл уже на счёте. Витрина",
    );
    expect(cancelledText(whole, { amount: kopecks(0), points: points(0) })).toBe(
      "Заказ 1234-5678 отменён. Витрина",
    );
  });

  it("says a parcel left at the point went back, with what comes back, in two SMS", () => {
    const text = notCollectedText(whole, { amount: kopecks(285_000), points: points(150) });
    expect(text).toBe(
      `Срок хранения заказа 1234-5678 истёк. 2${NBSP}850${NBSP}₽ вернутся на карту в течение 10 дней, ` +
        "150 баллов уже на счёте. Витрина",
    );
    expect(smsSegments(text)).toBe(2);
    expect(notCollectedText(part, { amount: kopecks(0), points: points(21) })).toBe(
      "Срок хранения части заказа 1234-5678 истёк. 21 балл уже на счёте. Витрина",
    );
  });

  it("writes dates as day and month", () => {
    expect(smsDate("2026-12-05")).toBe("05.12");
  });

  it("counts segments as a phone splits them: 160/153 for GSM-7, 70/67 for Cyrillic", () => {
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("я".repeat(70))).toBe(1);
    expect(smsSegments("я".repeat(71))).toBe(2);
    expect(smsSegments("я".repeat(134))).toBe(2);
    expect(smsSegments("я".repeat(135))).toBe(3);
  });

  it("tells a return's decision in two SMS at most", () => {
    const approved = returnApprovedText(42, { amount: kopecks(145_000), points: points(50) });
    expect(approved).toBe(
      `Возврат № 42 одобрен. 1${NBSP}450${NBSP}₽ вернутся на карту в течение 10 дней, 50 баллов уже на счёте. Витрина`,
    );
    expect(smsSegments(approved)).toBeLessThanOrEqual(2);
    expect(returnApprovedText(42, { amount: kopecks(0), points: points(50) })).toBe(
      "Возврат № 42 одобрен. 50 баллов уже на счёте. Витрина",
    );
    const rejected = returnRejectedText(42);
    expect(rejected).toContain("отклонён");
    expect(smsSegments(rejected)).toBeLessThanOrEqual(2);
  });
});
