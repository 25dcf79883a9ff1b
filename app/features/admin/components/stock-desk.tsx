import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import type { StockItemView } from "#contract/admin-operations.ts";
import { REASON_MAX } from "#contract/operations-rules.ts";
import { formatNumber } from "#contract/format.ts";
import { Button } from "#app/ui/button.tsx";
import { TextAreaField, TextField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { formatDateTime } from "../format.ts";
import { useAdjustStock } from "../operations-api.ts";
import { refusalText } from "../refusal.ts";

/** The search: a GET form, so the found products are a link and Back returns to the last search. */
export function StockSearch({ q }: { q: string }) {
  return (
    <Form method="get" action="/admin/stock" className="ops-search" role="search" aria-label="Поиск товара">
      <TextField
        label="Номер или название товара"
        name="q"
        defaultValue={q}
        placeholder="Например, 1024 или «смартфон»"
        autoComplete="off"
        enterKeyHint="search"
      />
      <Button type="submit">Найти</Button>
    </Form>
  );
}

/** «6 шт.», never broken between the number and the unit. */
const units = (n: number) => `${formatNumber(n)}\u00a0шт.`;

/** The found products, each with its counts and the change form. */
export function StockList({ q, items }: { q: string; items: readonly StockItemView[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ul className="ops-list" aria-label="Найденные товары">
      {items.map((item) => (
        <li key={item.productId}>
          <StockCard
            q={q}
            item={item}
            editing={open === item.productId}
            onEdit={(on) => setOpen(on ? item.productId : null)}
          />
        </li>
      ))}
    </ul>
  );
}

function StockCard({
  q,
  item,
  editing,
  onEdit,
}: {
  q: string;
  item: StockItemView;
  editing: boolean;
  onEdit: (on: boolean) => void;
}) {
  const titleId = useId();
  return (
    <article className="ops-card" aria-labelledby={titleId}>
      <header className="ops-card__head">
        <h2 id={titleId} className="ops-card__title">
          {item.name}
        </h2>
        <span className={item.hasStock ? "ops-badge ops-badge--done" : "ops-badge ops-badge--open"}>
          {item.hasStock ? "В наличии" : "Нет в наличии"}
        </span>
      </header>
      <p className="admin-muted ops-card__sub">
        Товар № {item.productId}
        {item.sellerName ? ` · ${item.sellerName}` : ""} ·{" "}
        <a href={`/product/${item.productId}`} target="_blank" rel="noreferrer">
          на витрине
        </a>
      </p>
      <dl className="ops-counts">
        <div>
          <dt>На складе</dt>
          <dd>{units(item.onHand)}</dd>
        </div>
        <div>
          <dt>В резерве</dt>
          <dd>{units(item.reserved)}</dd>
        </div>
        <div>
          <dt>Доступно к продаже</dt>
          <dd>{units(item.available)}</dd>
        </div>
      </dl>
      {item.updatedAt ? (
        <p className="admin-muted ops-card__sub">
          Остаток менялся <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>
        </p>
      ) : null}
      {editing ? (
        <AdjustForm q={q} item={item} onDone={() => onEdit(false)} />
      ) : (
        <div className="ops-actions">
          <Button variant="secondary" onClick={() => onEdit(true)}>
            Изменить остаток
          </Button>
        </div>
      )}
    </article>
  );
}

type Mode = "set" | "change";

function AdjustForm({ q, item, onDone }: { q: string; item: StockItemView; onDone: () => void }) {
  const adjust = useAdjustStock(q);
  const [mode, setMode] = useState<Mode>("set");
  const [amount, setAmount] = useState(String(item.onHand));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const name = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(amount.trim());
    const next: typeof errors = {};
    if (amount.trim() === "" || !Number.isInteger(value) || (mode === "set" && value < 0)) {
      next.amount = mode === "set" ? "Введите целое число от 0" : "Введите целое число, например 5 или -2";
    } else if (mode === "change" && value === 0) next.amount = "Изменение не может быть нулевым";
    if (!reason.trim()) next.reason = "Укажите причину";
    setErrors(next);
    if (next.amount || next.reason) return;
    try {
      const input = mode === "set" ? { onHand: value, reason } : { delta: value, reason };
      const after = await adjust.mutateAsync({ productId: item.productId, input });
      showToast({
        type: "success",
        title: "Остаток сохранён",
        text: `На складе ${units(after.onHand)}, к продаже ${units(after.available)}`,
      });
      onDone();
    } catch (failure) {
      const fields = failure instanceof ApiError ? (failure.body?.fields ?? []) : [];
      const reasonError = fields.find((f) => f.field.endsWith("reason"))?.message;
      if (reasonError) setErrors({ reason: reasonError });
      else setErrors({ form: refusalText(failure) });
    }
  }

  return (
    <form className="ops-form" onSubmit={submit} noValidate aria-label={`Остаток: ${item.name}`}>
      <fieldset className="ops-modes">
        <legend className="ops-modes__legend">Что сделать</legend>
        <label className="ops-mode">
          <input
            type="radio"
            name={name}
            checked={mode === "set"}
            onChange={() => {
              setMode("set");
              setAmount(String(item.onHand));
            }}
          />
          Задать количество на складе
        </label>
        <label className="ops-mode">
          <input
            type="radio"
            name={name}
            checked={mode === "change"}
            onChange={() => {
              setMode("change");
              setAmount("");
            }}
          />
          Прибавить или списать
        </label>
      </fieldset>
      <TextField
        ref={first}
        label={mode === "set" ? "На складе, шт." : "Изменение, шт."}
        hint={
          mode === "set"
            ? `Вместе с резервом заказов: не меньше ${units(item.reserved)}`
            : "Например, 5 — пришла поставка, -2 — списали брак"
        }
        inputMode={mode === "set" ? "numeric" : "text"}
        value={amount}
        error={errors.amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors({});
        }}
      />
      <TextAreaField
        label="Причина"
        hint={`Попадёт в журнал действий. До ${REASON_MAX} символов`}
        value={reason}
        maxLength={REASON_MAX}
        rows={2}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {errors.form ? (
        <p className="ops-notice" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="ops-actions">
        <Button type="submit" loading={adjust.isPending}>
          Сохранить
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
