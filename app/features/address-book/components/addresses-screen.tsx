import { useQuery } from "@tanstack/react-query";
import { cityListQuery, currentCityQuery } from "#app/features/city/index.ts";
import { failureMessage } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { cx } from "#app/ui/class-names.ts";
import { Spinner } from "#app/ui/spinner.tsx";
import { addressesQuery } from "../api.ts";
import { AddressEditor } from "./address-editor.tsx";
import { AddressList, NEW_ADDRESS_PATH } from "./address-list.tsx";

/**
 * /personal/address/{addressId}: the shopper's addresses beside the editor of one of them, or of a new
 * one (`new`, where the account menu's «Адреса» leads; ADR 031). On a phone the editor comes first when
 * an address is open, the list first when adding.
 */
export function AddressesScreen({ current }: { current: number | "new" }) {
  const book = useQuery(addressesQuery());
  const cities = useQuery(cityListQuery());
  const here = useQuery(currentCityQuery());

  if (book.isPending || cities.isPending || here.isPending) {
    return (
      <div className="ab-card ab-state">
        <Spinner size="m" label="Загружаем адреса" />
      </div>
    );
  }
  if (book.isError || cities.isError || here.isError) {
    const failed = book.error ?? cities.error ?? here.error;
    return (
      <div className="ab-card ab-state" role="alert">
        <p className="ab-state__title">Не удалось загрузить адреса</p>
        <p className="ab-state__text">{failureMessage(failed)}</p>
        <Button
          variant="secondary"
          onClick={() => Promise.all([book.refetch(), cities.refetch(), here.refetch()])}
        >
          Повторить
        </Button>
      </div>
    );
  }

  const address = current === "new" ? undefined : book.data.items.find((a) => a.id === current);
  return (
    <div className={cx("ab-addresses", current !== "new" && "ab-addresses--editing")}>
      <AddressList items={book.data.items} limit={book.data.limit} current={current} />
      {current !== "new" && !address ? (
        // Deleted in another tab since the page was loaded.
        <div className="ab-card ab-state ab-editor">
          <p className="ab-state__title">Адрес не найден</p>
          <p className="ab-state__text">Возможно, его уже удалили.</p>
          <Button href={NEW_ADDRESS_PATH} variant="secondary">
            Добавить адрес
          </Button>
        </div>
      ) : (
        <AddressEditor
          key={current}
          address={address}
          cities={cities.data.items}
          defaults={{ type: book.data.deliveryType, cityId: here.data.city.id }}
        />
      )}
    </div>
  );
}
