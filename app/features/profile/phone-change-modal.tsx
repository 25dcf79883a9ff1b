import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { getApi, unwrap } from "#app/lib/api-client.ts";
import { reportFailure } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { PhoneInput } from "#app/ui/phone-input.tsx";
import {
  type PhoneChangeInput,
  type PhoneConfirmInput,
  phoneChangeSchema,
  phoneConfirmSchema,
} from "#contract/profile.ts";
import type { Account } from "./api.ts";

const NEW_PHONE_ID = "profile-new-phone";
const CODE_ID = "profile-phone-code";

interface Sent {
  /** As the field showed it: `+7 (912) 345-67-89`. */
  phone: string;
  /** When a new code may be asked for (epoch ms). */
  resendAt: number;
}

interface PhoneChangeModalProps {
  open: boolean;
  currentPhone: string | null;
  onClose: () => void;
  onChanged: (account: Account) => void;
}

/**
 * Changing the account's phone (ADR 033): the phone signs the shopper in, so a new number counts only once
 * the code texted to it is typed. Step one takes the number (the spec's mask and messages), step two the
 * six digits, sent as soon as the sixth is in, with a resend after the countdown.
 */
export function PhoneChangeModal({ open, currentPhone, onClose, onChanged }: PhoneChangeModalProps) {
  const [sent, setSent] = useState<Sent | null>(null);
  const close = () => {
    setSent(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      size="s"
      title={sent ? "Введите код из СМС" : currentPhone ? "Новый номер телефона" : "Номер телефона"}
      description={
        sent ? (
          <>
            Отправили код на <span className="profile-phone-modal__phone">{sent.phone}</span>
          </>
        ) : (
          "Номер станет логином для входа по СМС. Пришлём на него код, чтобы подтвердить, что он ваш."
        )
      }
    >
      {sent ? (
        <CodeStep
          sent={sent}
          onResent={setSent}
          onBack={() => setSent(null)}
          onChanged={(account) => {
            setSent(null);
            onChanged(account);
          }}
        />
      ) : (
        <NumberStep onSent={setSent} />
      )}
    </Modal>
  );
}

function NumberStep({ onSent }: { onSent: (sent: Sent) => void }) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<PhoneChangeInput>({
    resolver: zodResolver(phoneChangeSchema),
    defaultValues: { phone: "" },
    mode: "onTouched",
  });
  const submit = handleSubmit(
    async ({ phone }) => {
      try {
        const answer = await unwrap(getApi().v1.user.phone.code.$post({ json: { phone } }));
        onSent({ phone, resendAt: Date.now() + answer.resendAfterS * 1000 });
      } catch (failure) {
        const { fields, message } = reportFailure(failure, ["phone"] as const);
        setError("phone", { type: "server", message: fields.phone ?? message });
      }
    },
    () => focusById(NEW_PHONE_ID),
  );
  return (
    <form className="profile-phone-modal" noValidate onSubmit={submit}>
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <Field label="Новый номер" id={NEW_PHONE_ID} error={fieldState.error?.message}>
            {(ids) => (
              <PhoneInput
                {...ids}
                className="ui-field__input ui-field__input--phone"
                // The dialog gives its first focus here (app/ui/modal/focus-trap.ts), not to its panel.
                data-autofocus
                // The mask reports its (empty) value on mount too: that is no change, and must not validate.
                onValueChange={(value) => {
                  if (value.shown !== field.value) field.onChange(value.shown);
                }}
                onBlur={field.onBlur}
              />
            )}
          </Field>
        )}
      />
      <Button type="submit" size="l" fullWidth loading={isSubmitting}>
        Получить код
      </Button>
    </form>
  );
}

function focusById(id: string) {
  document.getElementById(id)?.focus();
}

function useSecondsUntil(at: number): number {
  const left = () => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the only input
  useEffect(() => {
    setSeconds(left());
    const timer = window.setInterval(() => setSeconds(left()), 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return seconds;
}

function CodeStep({
  sent,
  onResent,
  onBack,
  onChanged,
}: {
  sent: Sent;
  onResent: (sent: Sent) => void;
  onBack: () => void;
  onChanged: (account: Account) => void;
}) {
  const secondsLeft = useSecondsUntil(sent.resendAt);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting, errors },
  } = useForm<PhoneConfirmInput>({
    resolver: zodResolver(phoneConfirmSchema),
    defaultValues: { phone: sent.phone, code: "" },
    mode: "onSubmit",
  });

  const confirm = handleSubmit(
    async (values) => {
      try {
        onChanged(await unwrap(getApi().v1.user.phone.$put({ json: values })));
      } catch (failure) {
        const { fields, message } = reportFailure(failure, ["phone", "code"] as const, "code");
        setValue("code", "");
        setError("code", { type: "server", message: fields.code ?? fields.phone ?? message });
        requestAnimationFrame(() => focusById(CODE_ID));
      }
    },
    () => focusById(CODE_ID),
  );

  const resend = async () => {
    try {
      const answer = await unwrap(getApi().v1.user.phone.code.$post({ json: { phone: sent.phone } }));
      onResent({ phone: sent.phone, resendAt: Date.now() + answer.resendAfterS * 1000 });
      setValue("code", "");
      focusById(CODE_ID);
    } catch (failure) {
      const { fields, message } = reportFailure(failure, ["phone"] as const);
      setError("code", { type: "server", message: fields.phone ?? message });
    }
  };

  return (
    <form className="profile-phone-modal" noValidate onSubmit={confirm}>
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <Field label="Код из СМС" id={CODE_ID} error={errors.code?.message} hint="Код действует 5 минут">
            {(ids) => (
              <input
                {...ids}
                className="ui-field__input ui-field__input--code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                // biome-ignore lint/a11y/noAutofocus: the step's only field, reached by the shopper's own submit
                autoFocus
                readOnly={isSubmitting}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const digits = event.target.value.replace(/\D/g, "").slice(0, 6);
                  field.onChange(digits);
                  if (digits.length === 6) void confirm();
                }}
              />
            )}
          </Field>
        )}
      />
      <Button type="submit" size="l" fullWidth loading={isSubmitting}>
        Подтвердить
      </Button>
      <div className="profile-phone-modal__links">
        {secondsLeft > 0 ? (
          <p className="profile-phone-modal__countdown">
            Новый код — через{" "}
            <span className="profile-phone-modal__timer">
              {Math.floor(secondsLeft / 60)}:{String(secondsLeft % 60).padStart(2, "0")}
            </span>
          </p>
        ) : (
          <Button variant="ghost" onClick={resend}>
            Получить новый код
          </Button>
        )}
        <Button variant="ghost" onClick={onBack}>
          Другой номер
        </Button>
      </div>
    </form>
  );
}
