import { useState } from "react";
import { Link } from "react-router";
import { imageSrc, Picture } from "#app/ui/picture.tsx";
import type { ProductDetail } from "#contract/catalog.ts";
import { productPhotosUrl } from "#contract/urls.ts";

/** Main photo with thumbnails; the photo opens the full-screen viewer. */
export function ProductGallery({
  productId,
  images,
}: {
  productId: number;
  images: ProductDetail["images"];
}) {
  const [current, setCurrent] = useState(0);
  const image = images[current];
  if (!image) return <div className="gallery gallery--empty" />;
  return (
    <div className="gallery">
      <Link
        to={productPhotosUrl(productId, current)}
        className="gallery__main"
        aria-label="Открыть фото на весь экран"
      >
        <Picture
          image={image}
          sizes="(max-width: 1200px) 100vw, 520px"
          widths={[320, 480, 640, 960, 1280]}
          fallbackWidth={640}
          priority={current === 0}
          eager
        />
      </Link>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label="Фотографии товара">
          {images.map((img, index) => (
            <li key={img.url}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Фото ${index + 1}`}
                aria-current={index === current}
                onClick={() => setCurrent(index)}
              >
                <img src={imageSrc(img.url, 160)} width={60} height={80} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
