import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { DeliveryType } from "#contract/address-book.ts";
import { addresses, cities, pickupPoints, users } from "#server/db/schema/index.ts";
import { sharedStatement } from "#server/db/statement-once.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export interface PickupPointRow {
  id: number;
  cityId: number;
  provider: string;
  name: string;
  address: string;
  hours: string;
  latitude: number;
  longitude: number;
}

export interface AddressRow {
  id: number;
  type: string;
  selected: boolean;
  cityId: number | null;
  cityName: string | null;
  address: string;
  entrance: string | null;
  floor: string | null;
  flat: string | null;
  intercom: string | null;
  comment: string | null;
  latitude: number | null;
  longitude: number | null;
  pickupPoint: PickupPointRow | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns an address row is written with (everything but the owner, the flag and timestamps). */
export interface AddressValues {
  type: DeliveryType;
  cityId: number;
  address: string;
  entrance: string | null;
  floor: string | null;
  flat: string | null;
  intercom: string | null;
  comment: string | null;
  latitude: number | null;
  longitude: number | null;
  pickupPointId: number | null;
}

const pointColumns = {
  id: pickupPoints.id,
  cityId: pickupPoints.cityId,
  provider: pickupPoints.provider,
  name: pickupPoints.name,
  address: pickupPoints.address,
  hours: pickupPoints.hours,
  latitude: pickupPoints.latitude,
  longitude: pickupPoints.longitude,
};

/** An address row's columns, its city's name and its pickup point (null for a courier address). */
const addressColumns = {
  id: addresses.id,
  type: addresses.type,
  selected: addresses.selected,
  cityId: addresses.cityId,
  cityName: cities.name,
  address: addresses.address,
  entrance: addresses.entrance,
  floor: addresses.floor,
  flat: addresses.flat,
  intercom: addresses.intercom,
  comment: addresses.comment,
  latitude: addresses.latitude,
  longitude: addresses.longitude,
  pickupPoint: pointColumns,
  createdAt: addresses.createdAt,
  updatedAt: addresses.updatedAt,
};

/**
 * The user's row with their addresses (`selectedOnly`: the selected one) left-joined to it, built once for
 * the process (ADR 077): the delivery type and the address book in one read, every delivery step's. A user
 * without addresses is one row whose address columns are null; no row, no such user.
 */
const bookOf = (selectedOnly: boolean) =>
  sharedStatement(selectedOnly ? "selected_address_of_user" : "address_book_of_user", (db, name) =>
    db
      .select({ deliveryType: users.deliveryType, ...addressColumns })
      .from(users)
      .leftJoin(
        addresses,
        selectedOnly
          ? // The flag itself as the condition: a `true` would be a parameter, frozen into the statement.
            and(eq(addresses.userId, users.id), sql`${addresses.selected}`)
          : eq(addresses.userId, users.id),
      )
      .leftJoin(cities, eq(cities.id, addresses.cityId))
      .leftJoin(pickupPoints, eq(pickupPoints.id, addresses.pickupPointId))
      .where(eq(users.id, sql.placeholder("userId")))
      .orderBy(desc(addresses.selected), desc(addresses.createdAt), desc(addresses.id))
      .prepare(name),
  );
const addressBook = bookOf(false);
const selectedAddress = bookOf(true);

/** The user's delivery type and addresses from `bookOf`'s rows; undefined when there is no such user. */
function bookFrom(
  rows: { deliveryType: string; id: number | null }[],
): { deliveryType: DeliveryType; rows: AddressRow[] } | undefined {
  const [first] = rows;
  if (!first) return undefined;
  return {
    deliveryType: first.deliveryType as DeliveryType,
    // The left join's columns are null together: a row with an id is a whole address.
    rows: rows.flatMap(({ deliveryType: _, ...row }) => (row.id === null ? [] : [row as AddressRow])),
  };
}

/** Over the database or a transaction: every write of the service runs in one (server/db/unit-of-work.ts). */
export function createAddressesRepository(db: Executor) {
  return {
    /**
     * Locks the user's row until the transaction ends, so the user's address writes run one at a time: the
     * count under the limit and the one selected address hold however many requests arrive together.
     * Answers the user's delivery type; undefined when there is no such user.
     */
    async lockUser(userId: number): Promise<DeliveryType | undefined> {
      const [row] = await db
        .select({ deliveryType: users.deliveryType })
        .from(users)
        .where(eq(users.id, userId))
        .for("no key update");
      return row?.deliveryType as DeliveryType | undefined;
    },

    async setDeliveryType(userId: number, type: DeliveryType): Promise<void> {
      await db.update(users).set({ deliveryType: type }).where(eq(users.id, userId));
    },

    /** The user's delivery type and addresses, the selected first, then the newest; undefined: no such user. */
    async book(userId: number) {
      return bookFrom(await addressBook(db).execute({ userId }));
    },

    async byId(userId: number, id: number): Promise<AddressRow | undefined> {
      // Scoped to the owner: another user's address id reads as none.
      const [row] = await db
        .select(addressColumns)
        .from(addresses)
        .leftJoin(cities, eq(cities.id, addresses.cityId))
        .leftJoin(pickupPoints, eq(pickupPoints.id, addresses.pickupPointId))
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
      return row as AddressRow | undefined;
    },

    /** The user's delivery type and selected address (none: `rows` is empty); undefined: no such user. */
    async selected(userId: number) {
      return bookFrom(await selectedAddress(db).execute({ userId }));
    },

    async count(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return Number(row?.n ?? 0);
    },

    async insert(userId: number, values: AddressValues, selected: boolean): Promise<number> {
      const [row] = await db
        .insert(addresses)
        .values({ ...values, userId, selected })
        .returning({ id: addresses.id });
      return row!.id;
    },

    /** Overwrites the user's address; false when the user has no address with this id. */
    async update(
      userId: number,
      id: number,
      values: AddressValues,
    ): Promise<{ selected: boolean } | undefined> {
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
        .returning({ selected: addresses.selected });
      return row;
    },

    /** Deletes the user's address; what it was, or undefined when the user has no address with this id. */
    async delete(userId: number, id: number): Promise<{ selected: boolean; type: DeliveryType } | undefined> {
      const [row] = await db
        .delete(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
        .returning({ selected: addresses.selected, type: addresses.type });
      return row as { selected: boolean; type: DeliveryType } | undefined;
    },

    /**
     * Makes `id` the user's one selected address: the others are unselected first, in their own statement,
     * because the unique index is checked row by row and would trip over two selected rows mid-statement.
     */
    async select(userId: number, id: number): Promise<void> {
      await db
        .update(addresses)
        .set({ selected: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.selected, true), ne(addresses.id, id)));
      await db
        .update(addresses)
        .set({ selected: true })
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
    },

    async clearSelection(userId: number): Promise<void> {
      await db
        .update(addresses)
        .set({ selected: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.selected, true)));
    },

    /** The user's newest address of this type, if any. */
    async newest(userId: number, type: DeliveryType): Promise<number | undefined> {
      const [row] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.type, type)))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      return row?.id;
    },

    async cityExists(cityId: number): Promise<boolean> {
      const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
      return row !== undefined;
    },

    async pickupPoint(id: number): Promise<PickupPointRow | undefined> {
      const [row] = await db.select(pointColumns).from(pickupPoints).where(eq(pickupPoints.id, id));
      return row;
    },
  };
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
