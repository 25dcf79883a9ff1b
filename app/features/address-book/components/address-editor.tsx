import { useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { failureMessage, reportFailure } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { SelectField, TextAreaField, TextField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { useIsClient } from "#app/ui/use-is-client.ts";
import { useLeaveWarning } from "#app/ui/use-leave-warning.ts";
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_PART_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  type DeliveryType,
  INTERCOM_MAX_LENGTH,
} from "#contract/address-book.ts";
import { type AddressFormValues, addressInputSchema } from "#contract/addresses.ts";
import { type Address, useAddressMutations } from "../api.ts";
import { sharedSchemaResolver } from "../form.ts";
import { addressPath, addressTitle, NEW_ADDRESS_PATH } from "./address-list.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { PickupPointPicker } from "./pickup-point-picker.tsx";

export interface CityOption {
  id: number;
  name: string;
  region: string;
}

/** Everything the form holds for both kinds; only one kind's fields are sent. */
interface AddressForm {
  type: DeliveryType;
  cityId: number;
  address: string;
  entrance: string;
  floor: string;
  flat: string;
  intercom: string;
  comment: string;
  pickupPointId: number | undefined;
}

const FIELDS = [
  "type",
  "cityId",
  "address",
  "entrance",
  "floor",
  "flat",
  "intercom",
  "comment",
  "pickupPointId",
] as const satisfies readonly FieldPath<AddressForm>[];

/** The body for the API: the chosen kind's fields, as typed (the API trims them with the same schema). */
function bodyOf(form: AddressForm): AddressFormValues {
  if (form.type === "pickup") return { type: "pickup", pickupPointId: form.pickupPointId as number };
  const { type, cityId, address, entrance, floor, flat, intercom, comment } = form;
  return { type, cityId, address, entrance, floor, flat, intercom, comment };
}

function formOf(address: Address | undefined, defaults: { type: DeliveryType; cityId: number }): AddressForm {
  return {
    type: address?.type ?? defaults.type,
    cityId: address?.city?.id ?? defaults.cityId,
    address: address?.type === "courier" ? address.address : "",
    entrance: address?.entrance ?? "",
    floor: address?.floor ?? "",
    flat: address?.flat ?? "",
    intercom: address?.intercom ?? "",
    comment: address?.comment ?? "",
    pickupPointId: address?.pickupPoint?.id,
  };
}

const shared = sharedSchemaResolver<AddressFormValues>(addressInputSchema);

interface AddressEditorProps {
  /** The address to edit; none for a new one. */
  address: Address | undefined;
  cities: CityOption[];
  /** For a new address: the kind the shopper last chose, and their city. */
  defaults: { type: DeliveryType; cityId: number };
}

/**
 * One address: courier (city, street and house, entrance, floor, flat, intercom, a comment for the
 * courier) or a pickup point of the city. Validated by the schema the API uses; messages appear when a
 * field is left or the form is sent. An existing address can also be made the selected one or deleted.
 */
export function AddressEditor({ address, cities, defaults }: AddressEditorProps) {
  const hydrated = useIsClient();
  const navigate = useNavigate();
  const mutations = useAddressMutations();
  const [confirming, setConfirming] = useState(false);
  const initial = formOf(address, defaults);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AddressForm>({
    // The schema checks the body the form would send; the form keeps its own values.
    resolver: async (values, context, options) => {
      const result = await shared(bodyOf(values), context, options as never);
      return Object.keys(result.errors).length > 0 ? (result as never) : { values, errors: {} };
    },
    defaultValues: initial,
    mode: "onTouched",
  });
  const type = watch("type");
  const cityId = watch("cityId");
  const comment = watch("comment") ?? "";

  useLeaveWarning(isDirty);

  const save = handleSubmit(async (values) => {
    const body = bodyOf(values);
    try {
      if (address) {
        const saved = await mutations.update.mutateAsync({ id: address.id, body });
        reset(formOf(saved, defaults));
        showToast({ type: "success", title: "Адрес сохранён", group: "address" });
      } else {
        const saved = await mutations.create.mutateAsync(body);
        showToast({
          type: "success",
          title: "Адрес сохранён",
          text: saved.selected ? "Он выбран для доставки" : undefined,
          group: "address",
        });
        await navigate(addressPath(saved.id));
      }
    } catch (failure) {
      const { fields, message } = reportFailure(failure, FIELDS);
      for (const field of FIELDS) {
        const text = fields[field];
        if (text) setError(field, { type: "server", message: text }, { shouldFocus: true });
      }
      if (message) showToast({ type: "error", title: "Адрес не сохранён", text: message, group: "address" });
    }
  });

  const select = async () => {
    if (!address) return;
    try {
      await mutations.select.mutateAsync(address.id);
      showToast({ type: "success", title: "Адрес выбран для доставки", group: "address" });
    } catch (failure) {
      showToast({
        type: "error",
        title: "Не удалось выбрать адрес",
        text: failureMessage(failure),
        group: "address",
      });
    }
  };

  const remove = async () => {
    if (!address) return;
    try {
      await mutations.remove.mutateAsync(address.id);
      setConfirming(false);
      reset(initial);
      showToast({ type: "success", title: "Адрес удалён", group: "address" });
      await navigate(NEW_ADDRESS_PATH, { replace: true });
      await mutations.refresh();
    } catch (failure) {
      setConfirming(false);
      showToast({ type: "error", title: "Адрес не удалён", text: failureMessage(failure), group: "address" });
    }
  };

  const text = (name: "address" | "entrance" | "floor" | "flat" | "intercom") => ({
    ...register(name),
    defaultValue: initial[name],
    error: errors[name]?.message,
  });

  return (
    <section className="ab-card ab-editor" aria-labelledby="ab-editor-title">
      <div className="ab-editor__head">
        <h2 className="ab-card__title" id="ab-editor-title">
          {address ? "Изменить адрес" : "Новый адрес"}
        </h2>
        {address ? (
          <Button
            variant="ghost"
            className="ab-danger ab-editor__delete"
            disabled={!hydrated}
            aria-label="Удалить адрес"
            onClick={() => setConfirming(true)}
          >
            Удалить
          </Button>
        ) : null}
      </div>
      {address ? (
        address.selected ? (
          <p className="ab-editor__selected">
            <CheckIcon /> Этот адрес выбран для доставки
          </p>
        ) : (
          <p className="ab-card__text">Адрес сохранён, но не выбран для доставки.</p>
        )
      ) : (
        <p className="ab-card__text">Курьер привезёт заказ к двери, или заберите его в пункте выдачи.</p>
      )}
      <form className="ab-form" noValidate onSubmit={save}>
        <fieldset className="ab-segments">
          <legend className="ui-field__label">Способ доставки</legend>
          <div className="ab-segments__options">
            <label className="ab-segment">
              <input
                type="radio"
                value="courier"
                {...register("type")}
                defaultChecked={initial.type === "courier"}
              />
              <span>Курьером</span>
            </label>
            <label className="ab-segment">
              <input
                type="radio"
                value="pickup"
                {...register("type")}
                defaultChecked={initial.type === "pickup"}
              />
              <span>Пункт выдачи</span>
            </label>
          </div>
        </fieldset>
        <SelectField
          label="Город"
          autoComplete="address-level2"
          defaultValue={initial.cityId}
          error={errors.cityId?.message}
          {...register("cityId", {
            valueAsNumber: true,
            // Another city has other pickup points: the chosen one no longer applies.
            onChange: () => setValue("pickupPointId", undefined),
          })}
        >
          {cities.map((city) => (
            <option key={city.id} value={city.id}>
              {city.region === city.name ? city.name : `${city.name}, ${city.region}`}
            </option>
          ))}
        </SelectField>
        {type === "pickup" ? (
          <Controller
            control={control}
            name="pickupPointId"
            render={({ field, fieldState }) => (
              <PickupPointPicker
                cityId={cityId}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : (
          <>
            <TextField
              label="Улица и дом"
              autoComplete="street-address"
              maxLength={ADDRESS_MAX_LENGTH}
              hint="Например: ул. Ленина, 5, корп. 2"
              {...text("address")}
            />
            <div className="ab-form__parts">
              <TextField
                label="Подъезд"
                inputMode="numeric"
                maxLength={ADDRESS_PART_MAX_LENGTH}
                {...text("entrance")}
              />
              <TextField
                label="Этаж"
                inputMode="numeric"
                maxLength={ADDRESS_PART_MAX_LENGTH}
                {...text("floor")}
              />
              <TextField label="Квартира" maxLength={ADDRESS_PART_MAX_LENGTH} {...text("flat")} />
              <TextField label="Домофон" maxLength={INTERCOM_MAX_LENGTH} {...text("intercom")} />
            </div>
            <TextAreaField
              label="Комментарий для курьера"
              rows={3}
              maxLength={COMMENT_MAX_LENGTH}
              defaultValue={initial.comment}
              placeholder="Как найти вход, когда позвонить"
              hint={`${comment.length} из ${COMMENT_MAX_LENGTH}`}
              error={errors.comment?.message}
              {...register("comment")}
            />
          </>
        )}
        <div className="ab-form__actions">
          <Button type="submit" size="l" loading={isSubmitting} disabled={!hydrated}>
            {address ? "Сохранить" : "Сохранить адрес"}
          </Button>
          {address && !address.selected ? (
            <Button variant="secondary" size="l" disabled={!hydrated} onClick={select}>
              Доставлять сюда
            </Button>
          ) : null}
        </div>
      </form>
      {address ? (
        <ConfirmDialog
          open={confirming}
          title="Удалить адрес?"
          description={addressTitle(address)}
          confirmLabel="Удалить"
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="currentColor" d="m9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6 11-11-1.4-1.4z" />
    </svg>
  );
}
