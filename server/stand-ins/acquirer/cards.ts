/**
 * The stand-in acquirer's test cards (ADR 037, README): each number gives one outcome, whatever the
 * expiry (any month not yet past) and CVC (any three digits). Any other number, however valid, is
 * refused on the form: the stand-in takes test cards only, so nobody types a real card into it.
 */
export type CardOutcome = "success" | "3ds" | "declined" | "insufficient_funds";

export interface TestCard {
  pan: string;
  outcome: CardOutcome;
  /** What the README and the page's hint say it does. */
  label: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { pan: "4300000000000777", outcome: "success", label: "оплата проходит" },
  { pan: "2200000000000004", outcome: "3ds", label: "запрос кода 3-D Secure" },
  { pan: "4000000000000002", outcome: "declined", label: "банк отклоняет оплату" },
  { pan: "4000000000009995", outcome: "insufficient_funds", label: "недостаточно средств" },
];

/** The expiry and CVC the hints suggest (any future month and any three digits work). */
export const TEST_EXPIRY = "12/30";
export const TEST_CVC = "123";
/** The one-time code the test issuer's 3-D Secure page takes; three wrong ones reject the payment. */
export const THREE_DS_CODE = "1234";
export const THREE_DS_ATTEMPTS = 3;

/** T-Bank's error codes for the refusals (ErrorCode in GetState and the notification). */
export const ERROR_CODES = {
  declined: { code: "99", message: "Банк, выпустивший карту, отклонил операцию" },
  insufficient_funds: { code: "116", message: "Недостаточно средств на карте" },
  threeDsFailed: { code: "101", message: "Не пройдена идентификация 3DS" },
  sbpDeclined: { code: "99", message: "Банк отклонил оплату через СБП" },
  installmentDeclined: { code: "99", message: "Банк не одобрил рассрочку" },
} as const;

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

/** The Luhn checksum (ISO/IEC 7812) of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export interface CardForm {
  pan: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardForm;

export interface CardCheck {
  /** Russian messages per field; empty when the card is one of ours and well formed. */
  errors: Partial<Record<CardField, string>>;
  card?: { pan: string; expDate: string; outcome: CardOutcome };
}

/**
 * Checks the card form as a payment page does before sending anything: number (13–19 digits, Luhn, one of
 * the test cards), expiry `MM/YY` not before this month (in Moscow time), CVC of three digits.
 */
export function checkCard(form: CardForm, now: Date = new Date()): CardCheck {
  const errors: CardCheck["errors"] = {};
  const pan = digitsOnly(form.pan);
  let outcome: CardOutcome | undefined;
  if (!pan) errors.pan = "Введите номер карты";
  else if (!/^\d{13,19}$/.test(pan)) errors.pan = "Номер карты — от 13 до 19 цифр";
  else if (!luhnValid(pan)) errors.pan = "Номер карты введён с ошибкой — проверьте цифры";
  else {
    outcome = TEST_CARDS.find((card) => card.pan === pan)?.outcome;
    if (!outcome) errors.pan = "Это тестовая среда: оплатить можно только тестовой картой из списка ниже";
  }

  const expiry = form.expiry.replace(/\s/g, "");
  const m = /^(\d{2})\/?(\d{2})$/.exec(expiry);
  let expDate: string | undefined;
  if (!expiry) errors.expiry = "Введите срок действия карты";
  else if (!m || Number(m[1]) < 1 || Number(m[1]) > 12)
    errors.expiry = "Срок действия — месяц и год в виде ММ/ГГ";
  else {
    // Valid through the end of its month; the month is compared in Moscow time (UTC+3, no DST).
    const moscow = new Date(now.getTime() + 3 * 3600_000);
    const current = moscow.getUTCFullYear() * 12 + moscow.getUTCMonth();
    const month = Number(m[1]);
    const year = 2000 + Number(m[2]);
    const card = year * 12 + (month - 1);
    if (card < current) errors.expiry = "Срок действия карты истёк";
    else if (card > current + 12 * 20) errors.expiry = "Проверьте срок действия карты";
    else expDate = `${m[1]}${m[2]}`;
  }

  const cvc = form.cvc.trim();
  if (!cvc) errors.cvc = "Введите код CVC";
  else if (!/^\d{3}$/.test(cvc)) errors.cvc = "CVC — три цифры с обратной стороны карты";

  if (Object.keys(errors).length > 0 || !outcome || !expDate) return { errors };
  return { errors, card: { pan, expDate, outcome } };
}

/** T-Bank's masking: the first six and the last four digits (430000******0777). */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 6)}${"*".repeat(Math.max(0, pan.length - 10))}${pan.slice(-4)}`;
}

/** 4300 0000 0000 0777, for the hints. */
export const groupPan = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, "$1 ");
