import { Link } from "react-router";
import { humanizeDuration } from "#app/lib/errors.ts";
import { ArrowLeftIcon, RefreshIcon } from "#app/ui/icons.tsx";

/** How long the 503 screen asks shoppers to wait (spec: one hour). */
export const SERVICE_UNAVAILABLE_WAIT_SECONDS = 3600;
export const SERVICE_UNAVAILABLE_TITLE = "Сервис временно недоступен";

/** Home and back: the way out of a page that is not there or not working. */
function HomeAndBack() {
  return (
    <>
      <Link className="button button--primary" to="/">
        На главную
      </Link>
      <BackButton />
    </>
  );
}

function BackButton() {
  return (
    <button type="button" className="button button--secondary" onClick={() => window.history.back()}>
      <ArrowLeftIcon size={18} />
      Назад
    </button>
  );
}

/**
 * The one error screen, chosen by status: 401, 404, 503 or the generic view. Actions can be hidden
 * (e.g. inside a widget that has its own navigation).
 */
export function ErrorScreen({
  status,
  authUrl,
  hideActions = false,
  details,
}: {
  status: number;
  authUrl: string;
  hideActions?: boolean;
  details?: string;
}) {
  let title: string;
  let text: string;
  let actions: React.ReactNode;
  switch (status) {
    case 401:
      title = "Нужно войти";
      text = "Эта страница доступна после входа. Войдите через интернет-банк — это займёт меньше минуты.";
      actions = (
        <a className="button button--primary" href={authUrl}>
          Войти через интернет-банк
        </a>
      );
      break;
    case 404:
      title = "Страница не найдена";
      text = "Возможно, её удалили или в адресе есть опечатка. Проверьте ссылку или начните с главной.";
      actions = <HomeAndBack />;
      break;
    case 503:
      title = SERVICE_UNAVAILABLE_TITLE;
      text = `Мы проводим технические работы и скоро вернёмся. Попробуйте зайти через ${humanizeDuration(SERVICE_UNAVAILABLE_WAIT_SECONDS)}`;
      actions = (
        <button
          type="button"
          className="button button--primary button--l"
          onClick={() => window.location.reload()}
        >
          <RefreshIcon size={20} />
          Обновить страницу
        </button>
      );
      break;
    default:
      title = "Кое-что сломалось";
      text = "На нашей стороне, но мы уже чиним";
      actions = <HomeAndBack />;
  }
  return (
    <section className="error-screen" data-status={status} aria-labelledby="error-title">
      <p className="error-screen__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{title}</h1>
      <p className="error-screen__text">{text}</p>
      {details ? <p className="error-screen__details">{details}</p> : null}
      {hideActions ? null : <div className="error-screen__actions">{actions}</div>}
    </section>
  );
}
