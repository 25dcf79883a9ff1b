import { Link } from "react-router";
import { useIsCrawler } from "#app/lib/crawler.ts";
import { humanizeDuration, type ScreenError, showsErrorScreen } from "#app/lib/errors.ts";
import { ArrowLeftIcon, RefreshIcon } from "#app/ui/icons.tsx";

/** How long the 503 screen asks shoppers to wait (spec: one hour). */
export const SERVICE_UNAVAILABLE_WAIT_SECONDS = 3600;
export const SERVICE_UNAVAILABLE_TITLE = "Сервис временно недоступен";

/** The heading of each error screen, also its tab title (root.tsx): the shopper reads one name for it. */
export function errorTitle(status: number): string {
  switch (status) {
    case 401:
      return "Нужно войти";
    case 404:
      return "Страница не найдена";
    case 503:
      return SERVICE_UNAVAILABLE_TITLE;
    default:
      return "Кое-что сломалось";
  }
}

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
  message,
}: {
  status: number;
  authUrl: string;
  hideActions?: boolean;
  /**
   * The error object's message (spec §8: 'Page Not Found: {path}', 'Internal error'): for programs and
   * support, so an attribute, not text: the shopper reads Russian only.
   */
  message?: string;
}) {
  const title = errorTitle(status);
  let text: string;
  let actions: React.ReactNode;
  switch (status) {
    case 401:
      text = "Эта страница доступна после входа. Войдите через интернет-банк — это займёт меньше минуты.";
      actions = (
        <a className="button button--primary" href={authUrl}>
          Войти через интернет-банк
        </a>
      );
      break;
    case 404:
      text = "Возможно, её удалили или в адресе есть опечатка. Проверьте ссылку или начните с главной.";
      actions = <HomeAndBack />;
      break;
    case 503:
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
      text = "На нашей стороне, но мы уже чиним";
      actions = <HomeAndBack />;
  }
  return (
    <section
      className="error-screen"
      data-status={status}
      data-message={message}
      aria-labelledby="error-title"
    >
      <p className="error-screen__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{title}</h1>
      <p className="error-screen__text">{text}</p>
      {hideActions ? null : <div className="error-screen__actions">{actions}</div>}
    </section>
  );
}

/**
 * A fatal error's screen for this visitor (the root error boundary's): none for a crawler's 5xx (spec §4,
 * ADR 068), whose error is only logged while the answer keeps its status.
 */
export function FatalErrorScreen({ screen, authUrl }: { screen: ScreenError; authUrl: string }) {
  const crawler = useIsCrawler();
  if (!showsErrorScreen(screen.status, crawler)) return null;
  return (
    <ErrorScreen
      status={screen.status}
      authUrl={authUrl}
      message={screen.status === 404 || screen.status >= 500 ? screen.message : undefined}
    />
  );
}
