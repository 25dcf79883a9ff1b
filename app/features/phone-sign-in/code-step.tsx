import { type FormEvent, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { getApi, unwrap } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { safeRedirectPath } from "#contract/redirect-to.ts";
import { type CodeSentState, codeDigits, failureMessage, formatCountdown, isWholeCode } from "./flow.ts";
import { useSecondsLeft } from "./use-seconds-left.ts";

/**
 * The second step: the six digits from the SMS (the phone's keyboard offers them from the message), sent
 * as soon as the sixth is in; a new code after the countdown. A right code signs in and the whole document
 * loads `redirectTo`, so the header and every personal query start over signed in.
 */
export function CodeStep({ initial, redirectTo }: { initial: CodeSentState; redirectTo: string | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState(initial);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const secondsLeft = useSecondsLeft(sent);

  const confirm = async (value: string) => {
    if (pending) return;
    setPending(true);
    setError(undefined);
    try {
      await unwrap(getApi().v1.auth.phone.confirm.$post({ json: { phone: sent.phone, code: value } }));
      // Stays busy while the browser leaves the page.
      window.location.assign(safeRedirectPath(redirectTo));
    } catch (failure) {
      setError(failureMessage(failure));
      setCode("");
      setPending(false);
      // After the re-render that re-enables the field.
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isWholeCode(code)) {
      void confirm(code);
    } else {
      setError("Введите 6 цифр из СМС");
      inputRef.current?.focus();
    }
  };

  const resend = async () => {
    try {
      const answer = await unwrap(getApi().v1.auth.phone.code.$post({ json: { phone: sent.phone } }));
      const next: CodeSentState = {
        phone: sent.phone,
        sentAt: Date.now(),
        resendAfterS: answer.resendAfterS,
      };
      setSent(next);
      setCode("");
      setError(undefined);
      // The history entry keeps the new countdown, so a reload does not offer a resend too early.
      void navigate(location, { replace: true, state: next, preventScrollReset: true });
      showToast({ type: "success", title: "Новый код отправлен", group: "phone-sign-in" });
      inputRef.current?.focus();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };

  return (
    <form className="phone-sign-in" noValidate onSubmit={submit}>
      <p className="phone-sign-in__sent">
        Отправили код на <span className="phone-sign-in__phone">{formatPhone(sent.phone)}</span>
      </p>
      <Field label="Код из СМС" error={error} hint="Код действует 5 минут" className="ui-field--large">
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            className="ui-field__input ui-field__input--large ui-field__input--code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            // The code screen is where the shopper came to type: the field is ready at once.
            // biome-ignore lint/a11y/noAutofocus: the page's only task, reached by the shopper's own submit
            autoFocus
            value={code}
            readOnly={pending}
            onChange={(event) => {
              const digits = codeDigits(event.target.value);
              setCode(digits);
              if (error && digits) setError(undefined);
              if (isWholeCode(digits)) void confirm(digits);
            }}
          />
        )}
      </Field>
      <Button type="submit" size="l" fullWidth loading={pending}>
        Войти
      </Button>
      <div className="phone-sign-in__resend">
        {secondsLeft > 0 ? (
          <p className="phone-sign-in__countdown">
            Получить новый код можно через{" "}
            <span className="phone-sign-in__timer">{formatCountdown(secondsLeft)}</span>
          </p>
        ) : (
          <Button variant="ghost" onClick={resend}>
            Получить новый код
          </Button>
        )}
      </div>
    </form>
  );
}
