import { Link } from "react-router";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { formatRub } from "#contract/format.ts";
import { kopecks } from "#contract/money.ts";
import type { OrderStatus } from "#contract/order-states.ts";
import { formatDateTime } from "../format.ts";

export interface AdminOrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  deliveryType: "courier" | "pickup";
  total: number;
  phone: string | null;
}

/** The orders found: a table on a desktop, a card per order on a phone (admin.css). */
export function AdminOrderTable({ items }: { items: readonly AdminOrderRow[] }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">Заказ</th>
          <th scope="col">Оформлен</th>
          <th scope="col">Статус</th>
          <th scope="col">Доставка</th>
          <th scope="col">Покупатель</th>
          <th scope="col" className="admin-table__num">
            Сумма
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((order) => (
          <tr key={order.id}>
            <td data-label="Заказ">
              <Link className="admin-table__link" to={`/admin/orders/${order.id}`}>
                № {order.number}
              </Link>
            </td>
            <td data-label="Оформлен">{formatDateTime(order.createdAt)}</td>
            <td data-label="Статус">
              <span className={`order-status order-status--${order.status}`}>{order.statusText}</span>
            </td>
            <td data-label="Доставка">{order.deliveryType === "pickup" ? "Пункт выдачи" : "Курьер"}</td>
            <td data-label="Покупатель">{order.phone ? formatPhone(order.phone) : "—"}</td>
            <td data-label="Сумма" className="admin-table__num">
              {formatRub(kopecks(order.total))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
