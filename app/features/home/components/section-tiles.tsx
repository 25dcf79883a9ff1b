import { Link } from "react-router";
import { Picture } from "#app/ui/picture.tsx";
import type { HomeCategory } from "#contract/merchandising.ts";
import { categoryUrl } from "#contract/urls.ts";

/** Four tiles a row on phones, eight on desktop: each shows its picture at about 90–150 px. */
const TILE_SIZES = "(max-width: 767px) 25vw, (max-width: 1200px) 12vw, 150px";

/** The catalogue's sections as picture tiles: a product of each, its name under it. */
export function SectionTiles({ categories }: { categories: HomeCategory[] }) {
  if (categories.length === 0) return null;
  return (
    <nav className="home-section" aria-label="Разделы каталога">
      <div className="home-section__head">
        <h2 id="home-categories" className="home-section__title">
          Категории
        </h2>
        <Link className="home-section__more" to="/catalog">
          Смотреть все
        </Link>
      </div>
      <ul className="section-tiles">
        {categories.map((c) => (
          <li key={c.id}>
            <Link className="section-tile" to={categoryUrl(c)}>
              <span className="section-tile__picture">
                {c.image ? (
                  <Picture
                    image={{ ...c.image, alt: "" }}
                    alt=""
                    sizes={TILE_SIZES}
                    widths={[160, 240, 320]}
                    fallbackWidth={160}
                  />
                ) : null}
              </span>
              <span className="section-tile__name">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
