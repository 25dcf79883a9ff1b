import { Link } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { cx } from "#app/ui/class-names.ts";
import { courierDetails, DELIVERY_TYPE_LABELS } from "#contract/address-book.ts";
import type { Address } from "../api.ts";

export const NEW_ADDRESS_PATH = "/personal/address/new";
export const addressPath = (id: number) => `/personal/address/${id}`;

/** "Москва, ул. Ленина, 5": the address with its city, as the list and the dialogs name it. */
export function addressTitle(address: Address): string {
  return address.city && !address.address.startsWith(address.city.name)
    ? `${address.city.name}, ${address.address}`
    : address.address;
}

/** The second line: the courier's details, or the pickup point's name and hours. */
function addressNote(address: Address): string {
  if (address.pickupPoint) return `${address.pickupPoint.name} · ${address.pickupPoint.hours}`;
  return courierDetails(address);
}

interface AddressListProps {
  items: Address[];
  limit: number;
  /** The address open in the editor, or "new". */
  current: number | "new";
}

/**
 * The shopper's addresses, the selected one first and marked, each a link to its editor; and the way to
 * add one (until the limit). On /personal/address/{addressId} beside the editor (ADR 031).
 */
export function AddressList({ items, limit, current }: AddressListProps) {
  const full = items.length >= limit;
  return (
    <section className="ab-card ab-address-list" aria-labelledby="ab-address-list-title">
      <div className="ab-card__head">
        <h2 className="ab-card__title" id="ab-address-list-title">
          Мои адреса
        </h2>
        {items.length > 0 ? (
          <span className="ab-card__count">
            {items.length} из {limit}
          </span>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="ab-empty">
          Адресов пока нет. Добавьте адрес — с него начнётся оформление заказа, и курьеру не придётся
          переспрашивать.
        </p>
      ) : (
        <ul className="ab-address-list__items">
          {items.map((address) => (
            <li key={address.id}>
              <Link
                to={addressPath(address.id)}
                className={cx("ab-address", address.id === current && "ab-address--current")}
                aria-current={address.id === current ? "page" : undefined}
              >
                <span className="ab-address__type">
                  {address.type === "pickup" ? <PickupIcon /> : <CourierIcon />}
                  {DELIVERY_TYPE_LABELS[address.type]}
                </span>
                <span className="ab-address__title">{addressTitle(address)}</span>
                {addressNote(address) ? (
                  <span className="ab-address__note">{addressNote(address)}</span>
                ) : null}
                {address.selected ? <span className="ui-badge">Выбран</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="ab-card__note">
          Сохранено {limit} адресов — это предел. Удалите ненужный, чтобы добавить новый.
        </p>
      ) : current === "new" ? null : (
        <Button href={NEW_ADDRESS_PATH} variant="secondary" fullWidth>
          Добавить адрес
        </Button>
      )}
    </section>
  );
}

function CourierIcon() {
  return (
    <svg className="ab-address__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2.5 3 9.2V21h6.5v-6h5v6H21V9.2L12 2.5Zm0 2.5 7 5.2V19h-2.5v-6h-9v6H5v-8.8L12 5Z"
      />
    </svg>
  );
}

function PickupIcon() {
  return (
    <svg className="ab-address__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        fill="currentColor"
        d="M4 4h16l1 5v1.5a2.5 2.5 0 0 1-1 2V20H4v-7.5a2.5 2.5 0 0 1-1-2V9l1-5Zm1.6 2-.6 3h14l-.6-3H5.6ZM6 13v5h4v-4h4v4h4v-5a2.5 2.5 0 0 1-2-1 2.5 2.5 0 0 1-4 0 2.5 2.5 0 0 1-4 0 2.5 2.5 0 0 1-2 1Z"
      />
    </svg>
  );
}
