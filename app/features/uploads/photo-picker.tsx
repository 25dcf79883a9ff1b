import { useId, useState } from "react";
import {
  UPLOAD_ACCEPT,
  UPLOAD_HINTS,
  UPLOAD_MAX_PER_OBJECT,
  type UploadPurpose,
  uploadUrl,
} from "#contract/upload-rules.ts";
import href from "./photo-picker.css?url";

// Photos of refunds, support messages and reviews (ADR 057): the picker that sends each to the upload
// pipeline as it is chosen, and the thumbnails that open a photo.

function PhotoPickerStyles() {
  return <link rel="stylesheet" href={href} precedence="page" />;
}

/**
 * Sends one photo to the upload pipeline (the file itself as the body); its id and thumbnail. A refusal
 * throws an Error with the pipeline's Russian message (size, format, damaged file).
 */
export async function uploadPhoto(
  file: File,
  purpose: UploadPurpose,
): Promise<{ id: string; thumbUrl: string }> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/uploads?purpose=${purpose}`, {
      method: "POST",
      body: file,
      headers: { "content-type": file.type || "application/octet-stream" },
    });
  } catch {
    throw new Error("Нет связи с сервером. Проверьте интернет");
  }
  const body = (await response.json().catch(() => ({}))) as { id?: string; message?: string };
  if (!response.ok || !body.id) throw new Error(body.message ?? "Не удалось загрузить фото");
  return { id: body.id, thumbUrl: uploadUrl(body.id, 160) };
}

export interface PickedPhoto {
  id: string;
  thumbUrl: string;
}

/**
 * Up to UPLOAD_MAX_PER_OBJECT photos for a message: each goes to the upload pipeline as soon as it is
 * chosen (a refused one says why, in the pipeline's words), shown as a thumbnail that can be taken back.
 */
export function PhotoPicker({
  purpose,
  photos,
  onChange,
  onBusy,
  legend = "Фото, если нужно",
}: {
  purpose: UploadPurpose;
  photos: readonly PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  onBusy: (busy: boolean) => void;
  legend?: string;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [error, setError] = useState<string>();
  const [uploading, setUploading] = useState(0);
  const room = UPLOAD_MAX_PER_OBJECT - photos.length;

  async function pick(files: FileList | null) {
    if (!files || files.length === 0) return;
    setError(undefined);
    const chosen = [...files].slice(0, room);
    if (files.length > room) setError(`Можно приложить не больше ${UPLOAD_MAX_PER_OBJECT} фото`);
    setUploading(chosen.length);
    onBusy(true);
    const added: PickedPhoto[] = [];
    for (const file of chosen) {
      try {
        added.push(await uploadPhoto(file, purpose));
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : UPLOAD_HINTS.damaged);
      }
    }
    setUploading(0);
    onBusy(false);
    onChange([...photos, ...added]);
  }

  return (
    <fieldset className="photo-picker">
      <PhotoPickerStyles />
      <legend className="photo-picker__legend">{legend}</legend>
      {photos.length > 0 ? (
        <ul className="photo-picker__list" aria-label="Приложенные фото">
          {photos.map((photo, index) => (
            <li key={photo.id} className="photo-picker__item">
              <img src={photo.thumbUrl} alt={`Фото ${index + 1}`} width={72} height={72} />
              <button
                type="button"
                className="photo-picker__remove"
                aria-label={`Убрать фото ${index + 1}`}
                onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <label className="photo-picker__add" htmlFor={inputId}>
          {uploading > 0 ? "Загружаем фото…" : "Добавить фото"}
          <input
            id={inputId}
            className="photo-picker__input"
            type="file"
            accept={UPLOAD_ACCEPT}
            multiple
            disabled={uploading > 0}
            aria-describedby={hintId}
            onChange={(event) => {
              void pick(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
        </label>
      ) : null}
      <p className="photo-picker__hint" id={hintId}>
        До {UPLOAD_MAX_PER_OBJECT} фото. {UPLOAD_HINTS.format}. {UPLOAD_HINTS.size}
      </p>
      {error ? (
        <p className="photo-picker__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A message's photos as thumbnails that open the photo itself. */
export function MessagePhotos({
  photos,
}: {
  photos: readonly { id: string; url: string; thumbUrl: string }[];
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="photo-picker__list" aria-label="Фото">
      <PhotoPickerStyles />
      {photos.map((photo, index) => (
        <li key={photo.id} className="photo-picker__item">
          <a href={photo.url} target="_blank" rel="noreferrer">
            <img src={photo.thumbUrl} alt={`Фото ${index + 1}`} width={72} height={72} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
