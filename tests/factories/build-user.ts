import type { NewUser } from "#server/domain/identity/repository.ts";
import { faker, nextSerial } from "./faker.ts";

/** Every column of a new account, none left to the database's defaults. */
export type UserFields = Required<NewUser>;

/**
 * A believable shopper: Russian full name, a mobile number in E.164 and an email. Phones are unique per
 * worker (the worker's pid keeps parallel workers on one PostgreSQL database apart) so tests never collide.
 */
export function buildUser(overrides: Partial<UserFields> = {}): UserFields {
  const sex = faker.person.sexType();
  const unique = `${process.pid % 1000}`.padStart(3, "0") + `${nextSerial() % 10_000}`.padStart(4, "0");
  return {
    phone: `+79${faker.string.numeric(2)}${unique}`,
    bankSubject: null,
    surname: faker.person.lastName(sex),
    name: faker.person.firstName(sex),
    patronymic: faker.person.middleName(sex),
    email: faker.internet.email().toLowerCase(),
    roles: ["shopper"],
    ...overrides,
  };
}
