import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { loadProduct } from "#app/features/catalog/product-page.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { Route } from "./+types/product-photos";

export async function loader(args: Route.LoaderArgs) {
  const { product, queryClient } = await loadProduct(args);
  const page = await loadPageSeo(args, `Фото: ${product.name}`, queryClient);
  return { ...page, product: { id: product.id, name: product.name, images: product.images } };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex, follow" },
];

/** Full-screen viewer: arrows and Esc on a keyboard, swipes on a phone. */
export default function ProductPhotos({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const count = product.images.length;
  const [index, setIndex] = useState(() =>
    Math.min(Math.max(Number(params.get("photo")) || 0, 0), Math.max(count - 1, 0)),
  );
  const [touchX, setTouchX] = useState<number | null>(null);
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") setIndex((i) => (i + 1) % count);
      if (event.key === "ArrowLeft") setIndex((i) => (i - 1 + count) % count);
      if (event.key === "Escape") navigate(`/product/${product.id}`);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [count, navigate, product.id]);

  const image = product.images[index];
  return (
    <section className="photo-viewer" aria-roledescription="просмотр фотографий" aria-label={product.name}>
      <h1 className="visually-hidden">{loaderData.seo.h1}</h1>
      <Link className="photo-viewer__close" to={`/product/${product.id}`} aria-label="Закрыть просмотр">
        ×
      </Link>
      {image ? (
        <figure
          className="photo-viewer__stage"
          onTouchStart={(e) => setTouchX(e.touches[0]?.clientX ?? null)}
          onTouchEnd={(e) => {
            const endX = e.changedTouches[0]?.clientX;
            if (touchX !== null && endX !== undefined && Math.abs(endX - touchX) > 40)
              go(endX < touchX ? 1 : -1);
            setTouchX(null);
          }}
        >
          <img src={image.url} width={image.width} height={image.height} alt={image.alt} />
          <figcaption aria-live="polite">
            Фото {index + 1} из {count}
          </figcaption>
        </figure>
      ) : (
        <p>У этого товара пока нет фотографий.</p>
      )}
      {count > 1 ? (
        <div className="photo-viewer__nav">
          <button type="button" onClick={() => go(-1)} aria-label="Предыдущее фото">
            ‹
          </button>
          <button type="button" onClick={() => go(1)} aria-label="Следующее фото">
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
