import { fakerRU } from "@faker-js/faker";

/**
 * One Russian-locale faker for every factory, seeded so a failing test shows the same names and numbers
 * on the next run. Each test worker is its own process, so the sequence is per worker.
 */
export const faker = fakerRU;
faker.seed(20261124);

let serial = 0;
/** A number unique within this worker, for values that must not collide (phones, bank subjects). */
export function nextSerial(): number {
  serial += 1;
  return serial;
}
