import { Controller, type FieldPath, useForm } from "react-hook-form";
import { reportFailure } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { Field, TextField } from "#app/ui/field.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { PhoneInput } from "#app/ui/phone-input.tsx";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH } from "#contract/address-book.ts";
import { newRecipientInputSchema } from "#contract/recipients.ts";
import { type Recipient, useRecipientMutations } from "../api.ts";
import { sharedSchemaResolver } from "../form.ts";

interface RecipientForm {
  fullName: string;
  /** As the mask shows it: `+7 (916) 123-45-67`. */
  phone: string;
  email: string;
  isDefault: boolean;
}

const FIELDS = ["fullName", "phone", "email"] as const satisfies readonly FieldPath<RecipientForm>[];
const resolver = sharedSchemaResolver<RecipientForm>(newRecipientInputSchema);

interface RecipientFormModalProps {
  open: boolean;
  /** The recipient to edit; none to add one. */
  recipient: Recipient | undefined;
  /** Whether a new one may be made the default here (there are others already). */
  offerDefault: boolean;
  onClose: () => void;
}

/** Adding or changing a recipient, in a dialog (a bottom sheet on phones). */
export function RecipientFormModal({ open, recipient, offerDefault, onClose }: RecipientFormModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="s"
      title={recipient ? "Изменить получателя" : "Новый получатель"}
      description="Эти данные увидит курьер или сотрудник пункта выдачи."
    >
      {/* Mounted per opening: each starts from the recipient as saved. */}
      {open ? <RecipientFormBody recipient={recipient} offerDefault={offerDefault} onDone={onClose} /> : null}
    </Modal>
  );
}

function RecipientFormBody({
  recipient,
  offerDefault,
  onDone,
}: {
  recipient: Recipient | undefined;
  offerDefault: boolean;
  onDone: () => void;
}) {
  const mutations = useRecipientMutations();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RecipientForm>({
    resolver,
    // The phone field's mask owns its input (no ref for the form): focus is moved here, in field order.
    shouldFocusError: false,
    defaultValues: {
      fullName: recipient?.fullName ?? "",
      phone: recipient ? formatPhone(recipient.phone) : "",
      email: recipient?.email ?? "",
      isDefault: false,
    },
    mode: "onTouched",
  });

  const focusFirstError = (failed: Partial<Record<string, unknown>>) => {
    const first = FIELDS.find((field) => failed[field]);
    if (first === "phone")
      document.querySelector<HTMLInputElement>(".ab-recipient-form input[type=tel]")?.focus();
    else if (first) setFocus(first);
  };

  const save = handleSubmit(async (values) => {
    try {
      if (recipient) {
        const { isDefault: _, ...body } = values;
        await mutations.update.mutateAsync({ id: recipient.id, body });
      } else {
        await mutations.create.mutateAsync(values);
      }
      showToast({ type: "success", title: "Получатель сохранён", group: "recipient" });
      onDone();
    } catch (failure) {
      const { fields, message } = reportFailure(failure, FIELDS);
      for (const field of FIELDS) {
        const text = fields[field];
        if (text) setError(field, { type: "server", message: text });
      }
      focusFirstError(fields);
      if (message)
        showToast({ type: "error", title: "Получатель не сохранён", text: message, group: "recipient" });
    }
  }, focusFirstError);

  return (
    <form className="ab-form ab-recipient-form" noValidate onSubmit={save}>
      <TextField
        label="ФИО"
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH}
        hint="Фамилия и имя, можно с отчеством — по-русски, как в паспорте"
        error={errors.fullName?.message}
        data-autofocus
        {...register("fullName")}
      />
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <Field label="Телефон" error={fieldState.error?.message} hint="Позвоним, когда заказ приедет">
            {(ids) => (
              <PhoneInput
                {...ids}
                className="ui-field__input ui-field__input--phone"
                defaultValue={field.value}
                onValueChange={(value) => field.onChange(value.shown)}
                onBlur={field.onBlur}
              />
            )}
          </Field>
        )}
      />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={EMAIL_MAX_LENGTH}
        hint="Необязательно. Пришлём чек и новости о заказе"
        error={errors.email?.message}
        {...register("email")}
      />
      {!recipient && offerDefault ? (
        <label className="ab-check">
          <input type="checkbox" {...register("isDefault")} />
          <span>Сделать основным получателем</span>
        </label>
      ) : null}
      <Button type="submit" size="l" fullWidth loading={isSubmitting}>
        Сохранить
      </Button>
    </form>
  );
}
