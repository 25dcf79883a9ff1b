import { useLocation, useRouteError } from "react-router";
import { toScreenError } from "#app/lib/errors.ts";
import { Button } from "#app/ui/button.tsx";
import { sectionOf } from "../sections.ts";

/**
 * What a back-office screen shows instead of itself when the API refused it (403, 404) or failed. A route
 * that re-exports it as its `ErrorBoundary` gets no props (React Router's build passes `error` only to a
 * boundary the module declares itself), so without one it reads the route's error: otherwise every such
 * screen said «Не получилось открыть раздел» for an unknown id (404) or a missing role (403).
 */
export function AdminError({ error }: { error?: unknown }) {
  const routeError = useRouteError();
  const { status } = toScreenError(error ?? routeError);
  // Back to the list the screen belongs to: an appeal's to the appeals, an order's to the orders.
  const section = sectionOf(useLocation().pathname);
  if (status === 403) {
    return (
      <section className="admin-state" aria-labelledby="admin-state-title" data-status={status}>
        <h1 id="admin-state-title">Нет доступа</h1>
        <p>
          Этот раздел открыт только сотрудникам с нужной ролью. Если она вам нужна, обратитесь к
          администратору магазина.
        </p>
        <Button href="/">Вернуться в магазин</Button>
      </section>
    );
  }
  return (
    <section className="admin-state" aria-labelledby="admin-state-title" data-status={status}>
      <h1 id="admin-state-title">{status === 404 ? "Не найдено" : "Не получилось открыть раздел"}</h1>
      <p>
        {status === 404
          ? "Такой записи или страницы нет. Проверьте адрес или вернитесь к списку."
          : "Попробуйте обновить страницу через минуту."}
      </p>
      <Button href={section.to} variant="secondary">
        {`К разделу «${section.label}»`}
      </Button>
    </section>
  );
}
