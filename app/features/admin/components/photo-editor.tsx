import { useId, useState } from "react";
import { ApiError } from "#app/lib/api-client.ts";
import { Button } from "#app/ui/button.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { ProductPhotos } from "#contract/merchandising.ts";
import { PRODUCT_PHOTOS_MAX } from "#contract/merchandising-rules.ts";
import { uploadCatalogImage, useSavePhotos } from "../merchandising-api.ts";
import { refusalText } from "../refusal.ts";

interface Draft {
  imageId: string;
  url: string;
  placeholder: string;
}

const draftOf = (photos: ProductPhotos["photos"]): Draft[] =>
  photos.flatMap((p) => (p.imageId ? [{ imageId: p.imageId, url: p.url, placeholder: p.placeholder }] : []));

/**
 * A product's photos as the shop shows them, first the main one: add (uploaded at once), remove, move
 * up or down with buttons, then save the whole set. Nothing changes on the shop until «Сохранить».
 */
export function PhotoEditor({ product }: { product: ProductPhotos }) {
  const [draft, setDraft] = useState<Draft[]>(() => draftOf(product.photos));
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const save = useSavePhotos(product.productId);
  const inputId = useId();
  const saved = draftOf(product.photos)
    .map((p) => p.imageId)
    .join();
  const changed = draft.map((p) => p.imageId).join() !== saved;
  const room = PRODUCT_PHOTOS_MAX - draft.length;

  const move = (from: number, to: number) =>
    setDraft((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });

  async function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    setError(undefined);
    setUploading(true);
    try {
      for (const file of [...files].slice(0, room)) {
        const image = await uploadCatalogImage(file);
        setDraft((list) => [...list, { imageId: image.id, url: image.url, placeholder: image.placeholder }]);
      }
      if (files.length > room) setError(`У товара может быть не больше ${PRODUCT_PHOTOS_MAX} фото`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Не удалось загрузить картинку");
    } finally {
      setUploading(false);
    }
  }

  async function submit() {
    setError(undefined);
    try {
      const result = await save.mutateAsync(draft.map((p) => p.imageId));
      setDraft(draftOf(result.photos));
      showToast({ type: "success", title: "Фото сохранены", text: "Витрина покажет их в этом порядке" });
    } catch (failure) {
      setError(failure instanceof ApiError ? refusalText(failure) : "Не удалось сохранить фото");
    }
  }

  return (
    <section className="admin-card photo-editor" aria-labelledby="photos-title">
      <h2 id="photos-title" className="admin-subtitle">
        Фото товара ({draft.length} из {PRODUCT_PHOTOS_MAX})
      </h2>
      <p className="admin-muted">Первое фото — главное: его видно в списках и первым на странице товара.</p>
      {draft.length === 0 ? <p className="ops-notice">Добавьте хотя бы одно фото.</p> : null}
      <ol className="photo-editor__list" aria-label="Фото по порядку">
        {draft.map((photo, index) => (
          <li key={photo.imageId} className="photo-editor__item">
            <img
              className="photo-editor__thumb"
              src={imageSrc(photo.url, 160)}
              alt={`Фото ${index + 1}${index === 0 ? ", главное" : ""}`}
              width={80}
              height={106}
              style={photo.placeholder ? { backgroundColor: photo.placeholder } : undefined}
            />
            <span className="photo-editor__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="photo-editor__buttons">
              <Button
                variant="secondary"
                disabled={index === 0}
                aria-label={`Фото ${index + 1}: выше`}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </Button>
              <Button
                variant="secondary"
                disabled={index === draft.length - 1}
                aria-label={`Фото ${index + 1}: ниже`}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </Button>
              <Button
                variant="ghost"
                aria-label={`Фото ${index + 1}: убрать`}
                onClick={() => setDraft((list) => list.filter((_, i) => i !== index))}
              >
                Убрать
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {error ? (
        <p className="ops-notice" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ops-actions photo-editor__actions">
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={room <= 0 || uploading}
          onChange={(e) => {
            void add(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        <label
          className={`ui-button ui-button--secondary ui-button--m${room <= 0 ? " is-disabled" : ""}`}
          htmlFor={inputId}
        >
          {uploading ? "Загружаем…" : "Добавить фото"}
        </label>
        <Button onClick={submit} disabled={!changed || draft.length === 0 || uploading}>
          Сохранить
        </Button>
      </div>
    </section>
  );
}
