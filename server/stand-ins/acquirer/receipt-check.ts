import { PAYMENT_METHODS, PAYMENT_OBJECTS, TAXATIONS, VAT_RATES } from "#server/domain/payments/receipt.ts";

/** A refusal in T-Bank's terms: the answer's ErrorCode, Message and Details. */
export interface ReceiptRefusal {
  errorCode: string;
  message: string;
  details: string;
}

/**
 * T-Bank's code for a receipt whose items do not add up to the operation's amount. Taken from a third-party
 * list of T-Bank's error codes (308, «сумма позиций не равна сумме платежа»); T-Bank's own error page
 * could not be read in full here (ADR 050).
 */
export const RECEIPT_SUM_MISMATCH = "308";
const BAD_RECEIPT = "Неверные параметры чека.";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const oneOf = (list: readonly string[], value: unknown) => typeof value === "string" && list.includes(value);
const wholeKopecks = (value: unknown) =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
/** Up to three decimals, as the cash registers take a weight. */
const quantityOk = (value: unknown) =>
  typeof value === "number" &&
  Number.isFinite(value) &&
  value > 0 &&
  value <= 99_999 &&
  Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;

/**
 * Why T-Bank's online cash register would refuse this `Receipt` for an operation of `amount` kopecks
 * (an Init, or a Cancel refunding that much), or undefined when it takes it: the taxation system, an
 * e-mail or phone to send it to, and items each of whose Amount is Price × Quantity and whose Amounts
 * add up to the operation's amount exactly.
 */
export function receiptRefusal(receipt: unknown, amount: number): ReceiptRefusal | undefined {
  const bad = (details: string): ReceiptRefusal => ({ errorCode: "9999", message: BAD_RECEIPT, details });
  if (receipt === undefined) return bad("Поле Receipt обязательно: к терминалу подключена онлайн-касса.");
  if (!isObject(receipt)) return bad("Поле Receipt — объект JSON.");
  if (!oneOf(TAXATIONS, receipt.Taxation)) {
    return bad(`Поле Receipt.Taxation — одна из систем налогообложения: ${TAXATIONS.join(", ")}.`);
  }
  const email =
    typeof receipt.Email === "string" &&
    /^[^\s@]+@[^\s@]+$/.test(receipt.Email) &&
    receipt.Email.length <= 64;
  const phone = typeof receipt.Phone === "string" && /^\+\d{10,15}$/.test(receipt.Phone);
  if (!email && !phone) return bad("В чеке нужен Email или Phone покупателя (+{код страны}{номер}).");
  const items = receipt.Items;
  if (!Array.isArray(items) || items.length === 0)
    return bad("Поле Receipt.Items — непустой массив позиций.");
  let sum = 0;
  for (const [index, item] of items.entries()) {
    const at = `Receipt.Items[${index}]`;
    if (!isObject(item)) return bad(`${at} — объект.`);
    if (typeof item.Name !== "string" || !item.Name.trim() || item.Name.length > 128) {
      return bad(`${at}.Name — от 1 до 128 символов.`);
    }
    if (!wholeKopecks(item.Price)) return bad(`${at}.Price — целое число копеек.`);
    if (!quantityOk(item.Quantity)) return bad(`${at}.Quantity — больше нуля, до трёх знаков после запятой.`);
    if (!wholeKopecks(item.Amount)) return bad(`${at}.Amount — целое число копеек.`);
    if (item.Amount !== Math.round((item.Price as number) * (item.Quantity as number))) {
      return bad(`${at}.Amount не равен Price × Quantity.`);
    }
    if (!oneOf(VAT_RATES, item.Tax)) return bad(`${at}.Tax — одна из ставок: ${VAT_RATES.join(", ")}.`);
    if (item.PaymentMethod !== undefined && !oneOf(PAYMENT_METHODS, item.PaymentMethod)) {
      return bad(`${at}.PaymentMethod — неизвестный признак способа расчёта.`);
    }
    if (item.PaymentObject !== undefined && !oneOf(PAYMENT_OBJECTS, item.PaymentObject)) {
      return bad(`${at}.PaymentObject — неизвестный признак предмета расчёта.`);
    }
    sum += item.Amount as number;
  }
  if (sum !== amount) {
    return {
      errorCode: RECEIPT_SUM_MISMATCH,
      message: "Сумма позиций чека не равна сумме операции.",
      details: `Сумма Amount позиций — ${sum} коп., сумма операции — ${amount} коп.`,
    };
  }
  return undefined;
}
