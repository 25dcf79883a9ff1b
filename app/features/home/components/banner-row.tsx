import { useRef } from "react";
import { Link } from "react-router";
import { Picture } from "#app/ui/picture.tsx";
import type { HomeBanner } from "#contract/merchandising.ts";

/**
 * How wide a banner is shown: nearly the phone's width (the next one peeks in), two side by side from
 * tablets up, at most half of the 1280 px page.
 */
export const BANNER_SIZES = "(max-width: 767px) 88vw, (max-width: 1280px) 50vw, 624px";
const BANNER_WIDTHS = [320, 480, 640, 960, 1280] as const;

/**
 * The home page's banners in a row that scrolls sideways and stops at each (CSS scroll snap, no script
 * for the gesture); the arrows scroll by one banner. The first banner's picture is the page's largest
 * thing on the first screen: preloaded at the width this screen uses.
 */
export function BannerRow({ banners }: { banners: HomeBanner[] }) {
  const track = useRef<HTMLUListElement>(null);
  if (banners.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const list = track.current;
    const first = list?.firstElementChild as HTMLElement | null;
    if (!list || !first) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollBy({ left: direction * (first.offsetWidth + 16), behavior: reduce ? "auto" : "smooth" });
  };
  return (
    <section className="home-banners" aria-label="Акции и подборки">
      <ul className="home-banners__track" ref={track}>
        {banners.map((banner, index) => (
          <li key={banner.id} className="home-banner">
            <Link className="home-banner__link" to={banner.link}>
              <Picture
                className="home-banner__picture"
                image={{ ...banner.image, alt: "" }}
                alt=""
                sizes={BANNER_SIZES}
                widths={BANNER_WIDTHS}
                fallbackWidth={640}
                priority={index === 0}
                eager={index < 2}
              />
              <span className="home-banner__text">
                <span className="home-banner__title">{banner.title}</span>
                {banner.subtitle ? <span className="home-banner__subtitle">{banner.subtitle}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {banners.length > 2 ? (
        <div className="home-banners__arrows">
          <button
            type="button"
            className="home-banners__arrow"
            aria-label="Предыдущие баннеры"
            onClick={() => scroll(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="home-banners__arrow"
            aria-label="Следующие баннеры"
            onClick={() => scroll(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
