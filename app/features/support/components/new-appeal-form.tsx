import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { SelectField, TextAreaField, TextField } from "#app/ui/field.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { createAppealSchema } from "#contract/support.ts";
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_TEXT,
  SUPPORT_MESSAGE_MAX_LENGTH,
} from "#contract/support-info.ts";
import { appealOrdersQuery, useCreateAppeal } from "../api.ts";
import { type PickedPhoto, PhotoPicker } from "#app/features/uploads/index.ts";

type FieldName = "category" | "orderId" | "fullName" | "text";
type Errors = Partial<Record<FieldName, string>>;

/** The API's field messages (`body.fullName`) by the form's field names. */
function fieldErrors(error: unknown): Errors | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const out: Errors = {};
  for (const f of error.body?.fields ?? []) out[f.field.replace(/^body\./, "") as FieldName] ??= f.message;
  if (error.body?.code === "order_not_found") out.orderId = error.body.message;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** «Написать в поддержку»: topic, an order of the shopper's (optional), full name, message. */
export function NewAppealForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateAppeal();
  const orders = useQuery(appealOrdersQuery());
  const [values, setValues] = useState({ category: "", orderId: "", fullName: "", text: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  // The form opens where the button was: the focus goes to its first field.
  useEffect(() => first.current?.focus(), []);

  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      category: values.category,
      orderId: values.orderId === "" ? null : Number(values.orderId),
      fullName: values.fullName,
      text: values.text,
      photoIds: photos.map((p) => p.id),
    };
    const parsed = createAppealSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      const appeal = await create.mutateAsync(parsed.data);
      showToast({
        type: "success",
        title: "Обращение отправлено",
        text: `№ ${appeal.id}. Ответим здесь и по SMS`,
      });
      navigate(`/personal/support/status?id=${appeal.id}`);
    } catch (failure) {
      const found = fieldErrors(failure);
      if (found) setErrors(found);
      else
        showToast({
          type: "error",
          title: "Не удалось отправить",
          text:
            failure instanceof ApiError && failure.body?.message
              ? failure.body.message
              : "Попробуйте ещё раз",
        });
    }
  }

  return (
    <form className="support-form" onSubmit={submit} noValidate aria-label="Новое обращение">
      <h2 className="support-form__title">Новое обращение</h2>
      <SelectField
        label="Тема"
        value={values.category}
        onChange={set("category")}
        error={errors.category}
        ref={first}
        required
      >
        <option value="">Выберите тему</option>
        {SUPPORT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {SUPPORT_CATEGORY_TEXT[c]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Заказ" value={values.orderId} onChange={set("orderId")} error={errors.orderId}>
        <option value="">Без заказа</option>
        {(orders.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            Заказ № {o.number}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Фамилия и имя"
        value={values.fullName}
        onChange={set("fullName")}
        error={errors.fullName}
        autoComplete="name"
        required
      />
      <TextAreaField
        label="Сообщение"
        hint={`Опишите, что случилось. До ${SUPPORT_MESSAGE_MAX_LENGTH} символов`}
        value={values.text}
        onChange={set("text")}
        error={errors.text}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        rows={5}
        required
      />
      <PhotoPicker purpose="support" photos={photos} onChange={setPhotos} onBusy={setUploading} />
      <div className="support-form__actions">
        <Button type="submit" loading={create.isPending} disabled={uploading}>
          Отправить
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
