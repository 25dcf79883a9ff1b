import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The bank stand-in's demo customers (ADR 029; the README lists their logins). Fixed, so a tester can
 * sign in the same way on any machine; the passwords are demo passwords, published on purpose.
 * Анна Иванова's phone is the one the README suggests for the SMS sign-in too: signing in both ways lands in
 * one account.
 */
export interface BankCustomer {
  /** The bank's stable subject identifier (`sub`): what the shop links an account to. */
  sub: string;
  login: string;
  password: string;
  surname: string;
  name: string;
  patronymic: string;
  /** E.164. */
  phone: string;
  email: string;
}

/**
 * Points each demo customer's account starts with (a welcome accrual on the bonus ledger, once per
 * account): enough to pay a small pickup order fully with points, or part of a larger one (ADR 040).
 */
export const DEMO_WELCOME_POINTS = 5_000;

export const DEMO_CUSTOMERS: readonly BankCustomer[] = [
  {
    sub: "5b0f6f4e-1d3c-4c8e-9a51-0c2b7e1a9d01",
    login: "ivanova",
    password: "demo1234",
    surname: "Иванова",
    name: "Анна",
    patronymic: "Сергеевна",
    phone: "+79161234567",
    email: "anna.ivanova@example.ru",
  },
  {
    sub: "8c4e2a71-6f0b-4d2e-8b3a-5e9d1c7f2b02",
    login: "petrov",
    password: "demo1234",
    surname: "Петров",
    name: "Дмитрий",
    patronymic: "Алексеевич",
    phone: "+79035550102",
    email: "d.petrov@example.ru",
  },
  {
    sub: "e1d9b3c6-2a7f-4b5e-9c0d-3f8a6e4b1c03",
    login: "smirnova",
    password: "demo1234",
    surname: "Смирнова-Орлова",
    name: "Екатерина",
    patronymic: "Игоревна",
    phone: "+79269876543",
    email: "katya.smirnova@example.ru",
  },
  {
    sub: "3a7c5e9b-4d1f-4e2a-8f6b-7c0e2d9a5b04",
    login: "kuznetsov",
    password: "demo1234",
    surname: "Кузнецов",
    name: "Михаил",
    patronymic: "Юрьевич",
    phone: "+79991112233",
    email: "m.kuznetsov@example.ru",
  },
];

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** The customer whose login and password these are, compared in constant time; undefined otherwise. */
export function customerByCredentials(login: string, password: string): BankCustomer | undefined {
  const customer = DEMO_CUSTOMERS.find((c) => c.login === login.trim().toLowerCase());
  // A digest is compared even for an unknown login, so the answer takes as long either way.
  const matches = timingSafeEqual(digest(customer?.password ?? "\0"), digest(password));
  return customer && matches ? customer : undefined;
}

export function customerBySub(sub: string): BankCustomer | undefined {
  return DEMO_CUSTOMERS.find((c) => c.sub === sub);
}
