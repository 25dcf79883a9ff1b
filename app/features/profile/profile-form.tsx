import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { getApi, unwrap } from "#app/lib/api-client.ts";
import { reportFailure } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { Field, TextField } from "#app/ui/field.tsx";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { useIsClient } from "#app/ui/use-is-client.ts";
import { useLeaveWarning } from "#app/ui/use-leave-warning.ts";
import {
  PROFILE_EMAIL_MAX,
  PROFILE_NAME_MAX,
  type ProfileInput,
  type ProfileValues,
  profileSchema,
} from "#contract/profile.ts";
// zod's own messages (a wrong type…) in Russian, like the API's; this page's chunk is where zod arrives.
import "#contract/zod-locale.ts";
import { type Account, accountQuery, useAccountSaved } from "./api.ts";
import { PhoneChangeModal } from "./phone-change-modal.tsx";

const FIELDS = [
  "surname",
  "name",
  "patronymic",
  "email",
] as const satisfies readonly FieldPath<ProfileInput>[];

function formValues(account: Account): ProfileInput {
  return {
    surname: account.surname ?? "",
    name: account.name ?? "",
    patronymic: account.patronymic ?? "",
    email: account.email ?? "",
  };
}

/** The personal data section over the account the page's loader fetched. */
export function PersonalDataSection() {
  const { data: account } = useQuery(accountQuery());
  return account ? <ProfileForm key={account.id} account={account} /> : null;
}

/**
 * «Личные данные»: surname, name, patronymic and email in one react-hook-form form over the schema the API
 * checks with (contract/profile.ts), so a message under a field reads the same whether the browser or
 * the server found the fault. Messages appear when a field is left or the form is sent, then follow the
 * typing. Save is there only once something changed, and stays busy and disabled while it saves.
 */
export function ProfileForm({ account }: { account: Account }) {
  const hydrated = useIsClient();
  const saved = useAccountSaved();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValues(account),
    mode: "onTouched",
  });

  useLeaveWarning(isDirty);

  const save = handleSubmit(async (values) => {
    try {
      const updated = await unwrap(getApi().v1.user.profile.$put({ json: values }));
      saved(updated);
      reset(formValues(updated));
      showToast({ type: "success", title: "Профиль сохранён", group: "profile" });
    } catch (failure) {
      const { fields, message } = reportFailure(failure, FIELDS);
      for (const field of FIELDS) {
        const text = fields[field];
        if (text) setError(field, { type: "server", message: text }, { shouldFocus: true });
      }
      if (message)
        showToast({ type: "error", title: "Профиль не сохранён", text: message, group: "profile" });
    }
  });

  const field = (name: (typeof FIELDS)[number]) => ({
    ...register(name),
    // Shown by the server before the script arrives; react-hook-form owns it afterwards.
    defaultValue: formValues(account)[name] ?? "",
    error: errors[name]?.message,
  });

  return (
    <section className="profile-card" aria-labelledby="profile-personal-title">
      <h2 className="profile-card__title" id="profile-personal-title">
        Личные данные
      </h2>
      <p className="profile-card__text">
        Подставим их при оформлении заказа. Имя и фамилию увидит курьер или сотрудник пункта выдачи.
      </p>
      <form className="profile-form" noValidate onSubmit={save}>
        <div className="profile-form__grid">
          <TextField
            label="Фамилия"
            autoComplete="family-name"
            maxLength={PROFILE_NAME_MAX}
            {...field("surname")}
          />
          <TextField label="Имя" autoComplete="given-name" maxLength={PROFILE_NAME_MAX} {...field("name")} />
          <TextField
            label="Отчество"
            autoComplete="additional-name"
            maxLength={PROFILE_NAME_MAX}
            hint="Если есть"
            {...field("patronymic")}
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={PROFILE_EMAIL_MAX}
            hint="Для чеков и уведомлений о заказах"
            {...field("email")}
          />
          <Field label="Телефон" hint="Номер для входа и СМС о заказах">
            {(control) => (
              <div className="profile-phone">
                <input
                  {...control}
                  className="profile-phone__value"
                  type="tel"
                  readOnly
                  value={account.phone ? formatPhone(account.phone) : ""}
                  placeholder="Не указан"
                />
                <Button
                  variant="ghost"
                  className="profile-phone__change"
                  disabled={!hydrated}
                  onClick={() => setPhoneOpen(true)}
                >
                  {account.phone ? "Изменить" : "Добавить"}
                </Button>
              </div>
            )}
          </Field>
        </div>
        <div className="profile-form__actions">
          <Button type="submit" size="l" loading={isSubmitting} disabled={!hydrated || !isDirty}>
            Сохранить
          </Button>
          {isDirty && !isSubmitting ? (
            <Button variant="ghost" size="l" onClick={() => reset(formValues(account))}>
              Отменить изменения
            </Button>
          ) : null}
        </div>
      </form>
      <PhoneChangeModal
        open={phoneOpen}
        currentPhone={account.phone}
        onClose={() => setPhoneOpen(false)}
        onChanged={(updated) => {
          setPhoneOpen(false);
          saved(updated);
          showToast({ type: "success", title: "Номер телефона изменён", group: "profile" });
        }}
      />
    </section>
  );
}
