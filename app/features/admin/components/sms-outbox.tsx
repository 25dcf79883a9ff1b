import { Form } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { TextField } from "#app/ui/field.tsx";
import { formatDateTime } from "../format.ts";

interface SmsMessage {
  id: number;
  phone: string;
  text: string;
  provider: string;
  status: string;
  createdAt: string;
}

/** +79001234567 → «+7 (900) 123-45-67», as the shop writes phones. */
function maskedPhone(phone: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone;
}

export function SmsFilter({ phone }: { phone: string }) {
  return (
    <Form method="get" action="/admin/sms" className="ops-search" role="search" aria-label="SMS по телефону">
      <TextField
        label="Телефон получателя"
        name="phone"
        type="tel"
        defaultValue={phone}
        placeholder="+7 900 000-00-00"
        autoComplete="off"
      />
      <div className="ops-actions">
        <Button type="submit">Показать</Button>
        {phone ? (
          <Button href="/admin/sms" variant="secondary">
            Все сообщения
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** The messages, newest first: whom, when, and the text exactly as sent. */
export function SmsList({ items }: { items: readonly SmsMessage[] }) {
  return (
    <ol className="ops-list" aria-label="Сообщения">
      {items.map((m) => (
        <li key={m.id} className="ops-card ops-sms">
          <p className="ops-sms__meta">
            <a href={`/admin/sms?phone=${encodeURIComponent(m.phone)}`} className="ops-sms__phone">
              {maskedPhone(m.phone)}
            </a>
            <time dateTime={m.createdAt} className="admin-muted">
              {formatDateTime(m.createdAt)}
            </time>
            <span className="admin-muted">
              {m.provider === "stand-in" ? "заглушка" : m.provider}
              {m.status === "sent" ? "" : ` · ${m.status === "failed" ? "не отправлено" : m.status}`}
            </span>
          </p>
          <p className="ops-sms__text">{m.text}</p>
        </li>
      ))}
    </ol>
  );
}
