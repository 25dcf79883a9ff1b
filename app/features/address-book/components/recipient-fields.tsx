import { type Ref, useEffect, useEffectEvent, useId, useImperativeHandle } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { reportFailure } from "#app/lib/form-errors.ts";
import { Field, TextField } from "#app/ui/field.tsx";
import { PhoneInput } from "#app/ui/phone-input.tsx";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { FULL_NAME_MAX_LENGTH } from "#contract/address-book.ts";
import { newRecipientInputSchema } from "#contract/recipients.ts";
import { type Recipient, useRecipientMutations } from "../api.ts";
import { sharedSchemaResolver } from "../form.ts";

interface Values {
  fullName: string;
  /** As the mask shows it: `+7 (916) 123-45-67`. */
  phone: string;
  email: string;
}

const FIELDS = ["fullName", "phone"] as const satisfies readonly FieldPath<Values>[];
const resolver = sharedSchemaResolver<Values>(newRecipientInputSchema);

export interface RecipientFieldsHandle {
  /**
   * Checks the fields and saves them as a recipient (POST /v1/user/recipients): answers the recipient, or
   * null when a field is wrong or saving failed — the fields then say why and the first of them has focus.
   */
  save(): Promise<Recipient | null>;
}

export interface RecipientFieldsProps {
  ref?: Ref<RecipientFieldsHandle>;
  /** The shopper's own phone (E.164), which the phone field starts with; it can be changed. */
  phone: string | null;
  /** A refusal said above the fields by their owner: each new one moves focus to the first field. */
  problem?: string | undefined;
}

/**
 * A recipient's name and phone as fields of someone else's form — the delivery step's recipient card,
 * where a shopper without a name in the profile says who receives the order (ADR 052). The rules and
 * messages are the recipient dialog's (`contract/recipients.ts`); saving goes through the same API, and
 * its owner decides when (the step saves on «Перейти к оплате»).
 */
export function RecipientFields({ ref, phone, problem }: RecipientFieldsProps) {
  const id = useId();
  const phoneId = `${id}-phone`;
  const mutations = useRecipientMutations();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<Values>({
    resolver,
    // The phone field's mask owns its input (no ref for the form): focus is moved here, in field order.
    shouldFocusError: false,
    defaultValues: { fullName: "", phone: phone ? formatPhone(phone) : "", email: "" },
    mode: "onTouched",
  });

  const focusFirst = (failed: Partial<Record<string, unknown>>) => {
    const first = FIELDS.find((field) => failed[field]) ?? "fullName";
    if (first === "phone") document.getElementById(phoneId)?.focus();
    else setFocus(first);
  };

  const onProblem = useEffectEvent(() => focusFirst({}));
  useEffect(() => {
    if (problem) onProblem();
  }, [problem]);

  useImperativeHandle(ref, () => ({
    save: () =>
      new Promise<Recipient | null>((resolve) => {
        const valid = async (values: Values) => {
          try {
            resolve(await mutations.create.mutateAsync(values));
          } catch (failure) {
            const { fields, message } = reportFailure(failure, FIELDS);
            for (const field of FIELDS) {
              const text = fields[field];
              if (text) setError(field, { type: "server", message: text });
            }
            if (message) setError("root", { type: "server", message });
            focusFirst(fields);
            resolve(null);
          }
        };
        void handleSubmit(valid, (failed) => {
          focusFirst(failed);
          resolve(null);
        })();
      }),
  }));

  return (
    <div className="ab-recipient-fields">
      <TextField
        label="Фамилия и имя"
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH}
        hint="Можно с отчеством — по-русски, как в паспорте"
        error={errors.fullName?.message}
        {...register("fullName")}
      />
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <Field
            id={phoneId}
            label="Телефон"
            error={fieldState.error?.message}
            hint="Позвоним, когда заказ приедет"
          >
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
      {errors.root?.message ? (
        <p className="ui-field__error ab-recipient-fields__error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
    </div>
  );
}
