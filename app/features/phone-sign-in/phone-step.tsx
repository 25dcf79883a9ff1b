import { type FormEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { getApi, unwrap } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { PhoneInput, type PhoneValue } from "#app/ui/phone-input.tsx";
import { PHONE_INCOMPLETE_MESSAGE, phoneError } from "#app/ui/phone-mask.ts";
import { type CodeSentState, cooldownLeft, failureMessage, withRedirectTo } from "./flow.ts";

/** The first step of the phone sign-in: the number, checked by the spec's rule, then a code is texted. */
export function PhoneStep({ redirectTo }: { redirectTo: string | null }) {
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-phone`;
  const value = useRef<PhoneValue>({ shown: "", e164: null });
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const focusField = () => document.getElementById(inputId)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { shown, e164 } = value.current;
    const invalid = phoneError(shown) ?? (e164 ? undefined : PHONE_INCOMPLETE_MESSAGE);
    if (invalid || !e164) {
      setError(invalid);
      focusField();
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const sent = await unwrap(getApi().v1.auth.phone.code.$post({ json: { phone: e164 } }));
      const state: CodeSentState = { phone: e164, sentAt: Date.now(), resendAfterS: sent.resendAfterS };
      await navigate(withRedirectTo("/confirm/auth", redirectTo), { state });
    } catch (failure) {
      // A code went to this number less than a minute ago (the shopper came back, or double-submitted):
      // it still works, so the code screen is where they need to be, its countdown set to the wait left.
      const waitS = cooldownLeft(failure);
      if (waitS !== undefined) {
        const state: CodeSentState = { phone: e164, sentAt: Date.now(), resendAfterS: waitS };
        await navigate(withRedirectTo("/confirm/auth", redirectTo), { state });
        return;
      }
      setError(failureMessage(failure));
      setPending(false);
      focusField();
    }
  };

  return (
    <form className="phone-sign-in" noValidate onSubmit={submit}>
      <Field
        label="Номер телефона"
        id={inputId}
        error={error}
        hint="Пришлём СМС с кодом для входа"
        className="ui-field--large"
      >
        {(control) => (
          <PhoneInput
            {...control}
            className="ui-field__input ui-field__input--large"
            onValueChange={(next) => {
              value.current = next;
              // Once a message is showing, it follows the typing and goes as soon as the number is whole.
              if (error) setError(phoneError(next.shown));
            }}
          />
        )}
      </Field>
      <Button type="submit" size="l" fullWidth loading={pending}>
        Получить код
      </Button>
    </form>
  );
}
