import { Link } from "react-router";
import { BANK_ERROR_MESSAGES, bankSignInHref, isBankErrorCode } from "#contract/bank-sign-in.ts";
import { isSafeRedirectPath } from "#contract/redirect-to.ts";

/** `/auth/mobile` with the same redirectTo (a same-origin path only). */
function phoneHref(redirectTo: string | null): string {
  return redirectTo && redirectTo !== "/" && isSafeRedirectPath(redirectTo)
    ? `/auth/mobile?redirectTo=${encodeURIComponent(redirectTo)}`
    : "/auth/mobile";
}

/**
 * The two ways in, on /auth (ADR 029): through the bank (recommended: the profile fills itself), or by
 * an SMS code. The bank's is a plain link to the start route, so it works before (or without) the
 * page's script; both keep `redirectTo`. A failed round trip comes back here with `?error=<code>`, shown
 * from a fixed list (nothing from the address is printed).
 */
export function SignInChoice({ redirectTo, error }: { redirectTo: string | null; error: string | null }) {
  const message = isBankErrorCode(error) ? BANK_ERROR_MESSAGES[error] : undefined;
  return (
    <div className="sign-in-choice">
      {message ? (
        <p className="sign-in-choice__error" role="alert">
          {message}
        </p>
      ) : null}
      <section className="sign-in-choice__way sign-in-choice__way--main" aria-labelledby="sign-in-bank">
        <span className="sign-in-choice__badge">Рекомендуем</span>
        <h2 className="sign-in-choice__title" id="sign-in-bank">
          Через интернет-банк
        </h2>
        <ul className="sign-in-choice__points">
          <li>Откроется страница банка: войдите своим логином и паролем.</li>
          <li>Разрешите передать магазину ФИО, телефон и email — профиль заполнится сам.</li>
          <li>Пароль останется у банка, магазин его не узнает.</li>
        </ul>
        <a
          className="ui-button ui-button--primary ui-button--l ui-button--full"
          href={bankSignInHref(redirectTo)}
        >
          <span className="ui-button__label">Войти через интернет-банк</span>
        </a>
      </section>
      <section className="sign-in-choice__way" aria-labelledby="sign-in-phone">
        <h2 className="sign-in-choice__title" id="sign-in-phone">
          По номеру телефона
        </h2>
        <p className="sign-in-choice__text">
          Пришлём СМС с кодом из 6 цифр. Если вы уже входили через банк с этим номером, попадёте в тот же
          аккаунт.
        </p>
        <Link
          className="ui-button ui-button--secondary ui-button--l ui-button--full"
          to={phoneHref(redirectTo)}
        >
          <span className="ui-button__label">Войти по номеру телефона</span>
        </Link>
      </section>
    </div>
  );
}
