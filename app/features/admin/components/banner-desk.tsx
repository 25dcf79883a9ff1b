import { useId, useState } from "react";
import { Button } from "#app/ui/button.tsx";
import { SelectField, TextField } from "#app/ui/field.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { AdminBanner, BannerInput } from "#contract/merchandising.ts";
import { BANNER_SUBTITLE_MAX, BANNER_TITLE_MAX } from "#contract/merchandising-rules.ts";
import { formatDateTime } from "../format.ts";
import { uploadCatalogImage, useBannerActions } from "../merchandising-api.ts";
import { refusalText } from "../refusal.ts";

const THEME_TEXT = { alfa: "Альфа", halva: "Халва" } as const;

/** `datetime-local`'s value (the browser's local time) ⇄ the API's ISO instant. */
const toLocal = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

function status(b: AdminBanner): string {
  if (!b.isActive) return "Выключен";
  if (b.showingNow) return "Показывается";
  return b.startsAt && Date.parse(b.startsAt) > Date.now() ? "Ждёт начала показа" : "Показ закончился";
}

const inputOf = (b: AdminBanner, over: Partial<BannerInput> = {}): BannerInput => ({
  title: b.title,
  subtitle: b.subtitle,
  link: b.link,
  imageId: b.imageId,
  theme: b.theme,
  startsAt: b.startsAt,
  endsAt: b.endsAt,
  isActive: b.isActive,
  ...over,
});

/** A banner's fields; the picture is uploaded as soon as it is chosen. */
function BannerForm({ banner, onDone }: { banner?: AdminBanner; onDone: () => void }) {
  const actions = useBannerActions();
  const id = useId();
  const [image, setImage] = useState(banner ? { id: banner.imageId, url: banner.image.url } : undefined);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();

  async function pick(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setError(undefined);
    setUploading(true);
    try {
      const uploaded = await uploadCatalogImage(file);
      setImage({ id: uploaded.id, url: uploaded.url });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Не удалось загрузить картинку");
    } finally {
      setUploading(false);
    }
  }

  async function submit(form: HTMLFormElement) {
    setError(undefined);
    if (!image) {
      setError("Загрузите картинку баннера");
      return;
    }
    const f = new FormData(form);
    const theme = String(f.get("theme") ?? "");
    const input: BannerInput = {
      title: String(f.get("title") ?? ""),
      subtitle: String(f.get("subtitle") ?? ""),
      link: String(f.get("link") ?? ""),
      imageId: image.id,
      theme: theme === "alfa" || theme === "halva" ? theme : null,
      startsAt: toIso(String(f.get("startsAt") ?? "")),
      endsAt: toIso(String(f.get("endsAt") ?? "")),
      isActive: f.get("isActive") === "on",
    };
    try {
      if (banner) await actions.update(banner.id, input);
      else await actions.create(input);
      showToast({ type: "success", title: banner ? "Баннер изменён" : "Баннер добавлен" });
      onDone();
    } catch (failure) {
      setError(refusalText(failure));
    }
  }

  return (
    <form
      className="banner-form"
      aria-label={banner ? `Баннер «${banner.title}»` : "Новый баннер"}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <TextField
        label="Заголовок"
        name="title"
        defaultValue={banner?.title}
        maxLength={BANNER_TITLE_MAX}
        required
      />
      <TextField
        label="Подзаголовок"
        name="subtitle"
        defaultValue={banner?.subtitle}
        maxLength={BANNER_SUBTITLE_MAX}
      />
      <TextField
        label="Ссылка"
        name="link"
        defaultValue={banner?.link ?? "/catalog"}
        hint="Страница магазина, например /catalog/12/elektronika"
        required
      />
      <SelectField label="Тема" name="theme" defaultValue={banner?.theme ?? ""}>
        <option value="">Обе темы</option>
        <option value="alfa">Альфа</option>
        <option value="halva">Халва</option>
      </SelectField>
      <div className="banner-form__dates">
        <TextField
          label="Показывать с"
          name="startsAt"
          type="datetime-local"
          defaultValue={toLocal(banner?.startsAt ?? null)}
        />
        <TextField
          label="Показывать до"
          name="endsAt"
          type="datetime-local"
          defaultValue={toLocal(banner?.endsAt ?? null)}
        />
      </div>
      <label className="admin-check">
        <input type="checkbox" name="isActive" defaultChecked={banner?.isActive ?? true} /> Показывать на
        главной
      </label>
      {image ? (
        <img className="banner-form__preview" src={imageSrc(image.url, 480)} alt="Картинка баннера" />
      ) : null}
      <div className="ops-actions photo-editor__actions">
        <input
          id={`${id}-picture`}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={uploading}
          onChange={(e) => {
            void pick(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        <label className="ui-button ui-button--secondary ui-button--m" htmlFor={`${id}-picture`}>
          {uploading ? "Загружаем…" : image ? "Заменить картинку" : "Загрузить картинку"}
        </label>
        <Button type="submit" disabled={uploading}>
          {banner ? "Сохранить" : "Добавить баннер"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Отмена
        </Button>
      </div>
      <p className="admin-muted">
        Картинка без текста, 9 : 4 (например, 1800 × 800): заголовок ляжет на её левую часть.
      </p>
      {error ? (
        <p className="ops-notice" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The home page's banners: in order, each with its state and actions; a form adds or edits one. */
export function BannerDesk({ banners }: { banners: AdminBanner[] }) {
  const actions = useBannerActions();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [error, setError] = useState<string>();
  const run = async (work: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(refusalText(failure));
    }
  };
  const move = (index: number, to: number) => {
    const ids = banners.map((b) => b.id);
    const [id] = ids.splice(index, 1);
    ids.splice(to, 0, id!);
    return run(() => actions.order(ids));
  };

  return (
    <>
      {editing === "new" ? (
        <section className="admin-card">
          <h2 className="admin-subtitle">Новый баннер</h2>
          <BannerForm onDone={() => setEditing(null)} />
        </section>
      ) : (
        <Button onClick={() => setEditing("new")}>Добавить баннер</Button>
      )}
      {error ? (
        <p className="ops-notice" role="alert">
          {error}
        </p>
      ) : null}
      {banners.length === 0 ? (
        <p className="admin-card admin-muted">Баннеров пока нет.</p>
      ) : (
        <ol className="banner-desk__list" aria-label="Баннеры по порядку">
          {banners.map((b, index) => (
            <li key={b.id} className="banner-desk__item">
              {editing === b.id ? (
                <BannerForm banner={b} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <img
                    className="banner-desk__thumb"
                    src={imageSrc(b.image.url, 320)}
                    alt=""
                    width={180}
                    height={80}
                  />
                  <div className="banner-desk__about">
                    <p>
                      <strong>{b.title}</strong>
                    </p>
                    {b.subtitle ? <p>{b.subtitle}</p> : null}
                    <p className="admin-muted">
                      {b.link} · {b.theme ? THEME_TEXT[b.theme] : "Обе темы"}
                      {b.startsAt ? ` · с ${formatDateTime(b.startsAt)}` : ""}
                      {b.endsAt ? ` · до ${formatDateTime(b.endsAt)}` : ""}
                    </p>
                    <p className="admin-pill">{status(b)}</p>
                  </div>
                  <span className="banner-desk__buttons">
                    <Button
                      variant="secondary"
                      disabled={index === 0}
                      aria-label={`«${b.title}»: выше`}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={index === banners.length - 1}
                      aria-label={`«${b.title}»: ниже`}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => run(() => actions.update(b.id, inputOf(b, { isActive: !b.isActive })))}
                    >
                      {b.isActive ? "Выключить" : "Включить"}
                    </Button>
                    <Button variant="secondary" onClick={() => setEditing(b.id)}>
                      Изменить
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() =>
                        window.confirm(`Удалить баннер «${b.title}»?`)
                          ? run(() => actions.remove(b.id))
                          : undefined
                      }
                    >
                      Удалить
                    </Button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
