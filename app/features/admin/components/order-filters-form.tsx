import { Form } from "react-router";
import { ORDER_STATUS_TEXT } from "#contract/order-states.ts";
import { ORDER_STATUSES } from "#contract/order-states.ts";
import { Button } from "#app/ui/button.tsx";
import { SelectField, TextField } from "#app/ui/field.tsx";
import type { OrderFilters } from "../order-filters.ts";

interface Seller {
  id: number;
  code: string;
  name: string;
}

/**
 * The order list's filters as a GET form: applying them is a navigation to the address that names them,
 * so the view can be shared as a link and the browser's Back returns to the previous filters.
 */
export function OrderFiltersForm({
  filters,
  sellers,
}: {
  filters: OrderFilters;
  sellers: readonly Seller[];
}) {
  return (
    <Form method="get" action="/admin" className="admin-filters" aria-label="Фильтры заказов">
      <SelectField label="Статус" name="status" defaultValue={filters.status ?? ""}>
        <option value="">Все статусы</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_TEXT[status]}
          </option>
        ))}
      </SelectField>
      <TextField label="С даты" name="from" type="date" defaultValue={filters.from ?? ""} />
      <TextField label="По дату" name="to" type="date" defaultValue={filters.to ?? ""} />
      <TextField
        label="Номер заказа"
        name="number"
        defaultValue={filters.number ?? ""}
        placeholder="1234-5678"
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        label="Телефон покупателя"
        name="phone"
        type="tel"
        defaultValue={filters.phone ?? ""}
        placeholder="+7 900 000-00-00"
        autoComplete="off"
      />
      <SelectField label="Продавец" name="seller" defaultValue={filters.seller ?? ""}>
        <option value="">Все продавцы</option>
        {sellers.map((seller) => (
          <option key={seller.id} value={seller.code}>
            {seller.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Доставка" name="delivery" defaultValue={filters.delivery ?? ""}>
        <option value="">Любая</option>
        <option value="courier">Курьером</option>
        <option value="pickup">В пункт выдачи</option>
      </SelectField>
      <div className="admin-filters__actions">
        <Button type="submit">Найти</Button>
        <Button href="/admin" variant="secondary">
          Сбросить
        </Button>
      </div>
    </Form>
  );
}
