import { addressMessages, type DeliveryType, MAX_ADDRESSES } from "#contract/address-book.ts";
import type { AddressInput, NewAddressInput } from "#contract/addresses.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { AppError } from "#server/errors.ts";
import type { AddressesRepository, AddressRow, AddressValues, PickupPointRow } from "./repository.ts";

/** A pickup point as the API gives it: the row as it is. */
export type PickupPoint = PickupPointRow;

/** One delivery address as the API gives it. */
export interface Address {
  id: number;
  type: DeliveryType;
  selected: boolean;
  city: { id: number; name: string } | null;
  address: string;
  entrance: string | null;
  floor: string | null;
  flat: string | null;
  intercom: string | null;
  comment: string | null;
  latitude: number | null;
  longitude: number | null;
  pickupPoint: PickupPoint | null;
  createdAt: Date;
  updatedAt: Date;
}

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    type: row.type as DeliveryType,
    selected: row.selected,
    city: row.cityId !== null && row.cityName !== null ? { id: row.cityId, name: row.cityName } : null,
    address: row.address,
    entrance: row.entrance,
    floor: row.floor,
    flat: row.flat,
    intercom: row.intercom,
    comment: row.comment,
    latitude: row.latitude,
    longitude: row.longitude,
    pickupPoint: row.pickupPoint,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const notFound = () => new AppError("not_found", addressMessages.notFound, { code: "address_not_found" });

/** A body field that names something that does not exist: a 400 on that field, like any other bad value. */
const unknownReference = (field: string, message: string) =>
  new AppError("validation", "Некорректные параметры запроса", {
    code: "invalid_parameters",
    fields: [{ field: `body.${field}`, message }],
  });

const notSignedIn = () =>
  new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });

/**
 * A signed-in shopper's delivery addresses (ADR 031). Every write runs in one transaction that first
 * locks the user's row, so a shopper's writes are serialised: the limit holds and exactly one address
 * stays selected however many requests arrive at once. Every read and write is scoped to the owner, so
 * another user's id is simply not found.
 */
export function createAddressesService(work: UnitOfWork<AddressesRepository>) {
  const repository = work.repositories;

  /** The row's columns for an address body: a pickup address takes its point's address, city and place. */
  async function valuesOf(repo: AddressesRepository, input: AddressInput): Promise<AddressValues> {
    if (input.type === "pickup") {
      const point = await repo.pickupPoint(input.pickupPointId);
      if (!point) throw unknownReference("pickupPointId", addressMessages.pickupPointUnknown);
      return pickupValues(point);
    }
    if (!(await repo.cityExists(input.cityId))) throw unknownReference("cityId", addressMessages.cityUnknown);
    const { type, cityId, address, entrance, floor, flat, intercom, comment, latitude, longitude } = input;
    return {
      type,
      cityId,
      address,
      entrance,
      floor,
      flat,
      intercom,
      comment,
      latitude,
      longitude,
      pickupPointId: null,
    };
  }

  function pickupValues(point: PickupPointRow): AddressValues {
    return {
      type: "pickup",
      cityId: point.cityId,
      address: point.address,
      entrance: null,
      floor: null,
      flat: null,
      intercom: null,
      comment: null,
      latitude: point.latitude,
      longitude: point.longitude,
      pickupPointId: point.id,
    };
  }

  /** Makes the address the selected one; its type becomes the shopper's delivery type. */
  async function selectIn(repo: AddressesRepository, userId: number, id: number, type: DeliveryType) {
    await repo.select(userId, id);
    await repo.setDeliveryType(userId, type);
  }

  return {
    /** The selected address first, then the newest; with the delivery type checkout starts with. */
    async list(userId: number): Promise<{ items: Address[]; deliveryType: DeliveryType }> {
      const book = await repository.book(userId);
      if (!book) throw notSignedIn();
      return { items: book.rows.map(toAddress), deliveryType: book.deliveryType };
    },

    /** The selected address (null when none is), with the delivery type. */
    async selected(userId: number): Promise<{ address: Address | null; deliveryType: DeliveryType }> {
      const book = await repository.selected(userId);
      if (!book) throw notSignedIn();
      const [row] = book.rows;
      return { address: row ? toAddress(row) : null, deliveryType: book.deliveryType };
    },

    /**
     * Saves a new address. The shopper's first address is selected whatever the body says; a later one
     * when the body asks (`selected: true`, as checkout does for the address just typed).
     */
    async create(userId: number, input: NewAddressInput): Promise<Address> {
      return work.transaction(async (repo) => {
        if (!(await repo.lockUser(userId))) throw notSignedIn();
        const existing = await repo.count(userId);
        if (existing >= MAX_ADDRESSES) {
          throw new AppError("conflict", addressMessages.limit, { code: "address_limit" });
        }
        const values = await valuesOf(repo, input);
        const select = existing === 0 || input.selected === true;
        if (select) await repo.clearSelection(userId);
        const id = await repo.insert(userId, values, select);
        if (select) await repo.setDeliveryType(userId, values.type);
        return toAddress((await repo.byId(userId, id))!);
      });
    },

    /** Overwrites an address (the type may change). A selected address stays selected, its type followed. */
    async update(userId: number, id: number, input: AddressInput): Promise<Address> {
      return work.transaction(async (repo) => {
        if (!(await repo.lockUser(userId))) throw notSignedIn();
        const values = await valuesOf(repo, input);
        const updated = await repo.update(userId, id, values);
        if (!updated) throw notFound();
        if (updated.selected) await repo.setDeliveryType(userId, values.type);
        return toAddress((await repo.byId(userId, id))!);
      });
    },

    /**
     * Deletes an address. When it was the selected one, the newest address of the same type is selected
     * instead (checkout keeps a starting point of the kind the shopper chose), or none when there is none.
     */
    async remove(userId: number, id: number): Promise<void> {
      await work.transaction(async (repo) => {
        if (!(await repo.lockUser(userId))) throw notSignedIn();
        const deleted = await repo.delete(userId, id);
        if (!deleted) throw notFound();
        if (!deleted.selected) return;
        const next = await repo.newest(userId, deleted.type);
        if (next !== undefined) await repo.select(userId, next);
      });
    },

    /** Makes the address the one selected; its type becomes the delivery type. */
    async select(userId: number, id: number): Promise<Address> {
      return work.transaction(async (repo) => {
        if (!(await repo.lockUser(userId))) throw notSignedIn();
        const row = await repo.byId(userId, id);
        if (!row) throw notFound();
        await selectIn(repo, userId, id, row.type as DeliveryType);
        return toAddress({ ...row, selected: true });
      });
    },

    /** The delivery kind checkout starts with; the selected address stays as it is. */
    async setDeliveryType(userId: number, type: DeliveryType): Promise<DeliveryType> {
      return work.transaction(async (repo) => {
        if (!(await repo.lockUser(userId))) throw notSignedIn();
        await repo.setDeliveryType(userId, type);
        return type;
      });
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
