import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink } from "react-router";
import { AccountAction } from "#app/features/account/account-menu.tsx";
import { useBasketCount } from "#app/features/basket/index.ts";
import { CatalogMenuButton } from "#app/features/catalog-menu/components/catalog-menu-button.tsx";
import { SearchBox } from "#app/features/search/components/search-box.tsx";
import { headerHeight } from "#app/lib/header-state.ts";
import type { DeviceVisibility, RouteMeta } from "#app/lib/route-meta.ts";
import { ArrowLeftIcon, BasketIcon, HeartIcon, LockIcon } from "#app/ui/icons.tsx";
import { Logo } from "#app/ui/logo.tsx";
import { basketLinkLabel } from "#contract/basket-rules.ts";
import type { CategoryNode } from "#contract/catalog.ts";
import { categoryUrl } from "#contract/urls.ts";

/** Visibility per device class is pure CSS (see .bar--no-mobile), so server and client render the same. */
function barClass(name: string, visibility: DeviceVisibility): string {
  return [
    `site-header__${name}`,
    visibility.mobile ? "" : "bar--no-mobile",
    visibility.desktop ? "" : "bar--no-desktop",
  ]
    .filter(Boolean)
    .join(" ");
}

export const INFO_LINKS = [
  { href: "/page/delivery", label: "Доставка" },
  { href: "/page/payment", label: "Оплата" },
  { href: "/page/returns", label: "Возврат" },
  { href: "/page/contacts", label: "Контакты" },
] as const;

export function SiteHeader({
  meta,
  categories,
  city,
}: {
  meta: RouteMeta;
  categories: CategoryNode[];
  city?: ReactNode;
}) {
  // Known after hydration (the header is the same for everyone in the page cache); the badge sits over
  // the icon, so its arrival moves nothing.
  const basketCount = useBasketCount();
  const { top, middle, bottom } = meta.header;
  const ref = useHeaderHeightVariable();
  if (meta.chrome === "checkout") return <CheckoutHeader headerRef={ref} />;
  return (
    <header className="site-header" ref={ref}>
      <div className={barClass("top", top)}>
        <div className="container site-header__top-inner">
          <div className="site-header__city">{city}</div>
          <nav aria-label="Информация для покупателей">
            <ul className="inline-links">
              {INFO_LINKS.map((l) => (
                <li key={l.href}>
                  <Link to={l.href}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className={barClass("middle", middle)}>
        <div className="container site-header__middle-inner">
          <Link to="/" className="site-header__logo" aria-label="Витрина — на главную">
            <Logo />
          </Link>
          <CatalogMenuButton />
          {meta.headerSearch ? <SearchBox /> : <div className="site-header__spacer" />}
          <nav className="header-actions" aria-label="Личное">
            <AccountAction />
            <Link to="/personal/wishlist" className="header-action">
              <HeartIcon />
              <span>Избранное</span>
            </Link>
            <Link to="/basket" className="header-action" aria-label={basketLinkLabel(basketCount)}>
              <span className="header-action__icon">
                <BasketIcon />
                {basketCount > 0 ? (
                  <span className="counter-badge">{basketCount > 99 ? "99+" : basketCount}</span>
                ) : null}
              </span>
              <span aria-hidden="true">Корзина</span>
            </Link>
          </nav>
        </div>
      </div>
      <div className={barClass("bottom", bottom)}>
        <nav className="container site-header__bottom-inner" aria-label="Категории">
          <ul className="category-strip">
            {categories.map((c) => (
              <li key={c.id}>
                <NavLink to={categoryUrl(c)}>{c.name}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/**
 * Checkout's reduced header (ADR 068), as the marketplaces' checkouts have it: «Назад» to the basket, the
 * logo, and «Безопасная оплата». Nothing to browse away to while paying: no catalogue, search, account
 * or basket. One bar at every width; the middle bar's class, so `--header-height` follows it.
 */
function CheckoutHeader({ headerRef }: { headerRef: React.Ref<HTMLElement> }) {
  return (
    <header className="site-header site-header--checkout" ref={headerRef}>
      <div className="site-header__middle">
        <div className="container checkout-header">
          <Link to="/basket" className="checkout-header__back" aria-label="Назад в корзину">
            <ArrowLeftIcon size={20} />
            <span aria-hidden="true">Назад</span>
          </Link>
          <Link to="/" className="site-header__logo checkout-header__logo" aria-label="Витрина — на главную">
            <Logo />
          </Link>
          <p className="checkout-header__secure">
            <LockIcon size={20} />
            <span>Безопасная оплата</span>
          </p>
        </div>
      </div>
    </header>
  );
}

/**
 * Keeps `--header-height` on <html> equal to the bars actually shown (they differ per route and device),
 * so sticky elements sit right under the header; 44 px until measured.
 */
function useHeaderHeightVariable() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === "undefined") return;
    const bar = (name: string) => header.querySelector<HTMLElement>(`.site-header__${name}`);
    const update = () => {
      const shown = (el: HTMLElement | null) => !!el && getComputedStyle(el).display !== "none";
      const [t, m, b] = [bar("top"), bar("middle"), bar("bottom")];
      const height = headerHeight(
        { top: t?.offsetHeight ?? 0, middle: m?.offsetHeight ?? 0, bottom: b?.offsetHeight ?? 0 },
        { top: shown(t), middle: shown(m), bottom: shown(b) },
      );
      document.documentElement.style.setProperty("--header-height", `${height}px`);
    };
    const observer = new ResizeObserver(update);
    observer.observe(header);
    update();
    return () => observer.disconnect();
  }, []);
  return ref;
}
