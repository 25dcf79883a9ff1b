import { useState } from "react";
import { Link } from "react-router";
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
        <img src={image.url} width={image.width} height={image.height} alt={image.alt} fetchPriority="high" />
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
                <img src={img.url} width={60} height={80} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
