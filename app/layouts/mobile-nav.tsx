import { NavLink, useLocation } from "react-router";
import { useSignedIn } from "#app/features/account/session.ts";
import { signInHref } from "#app/features/account/sign-in-link.ts";
import { useBasketCount } from "#app/features/basket/index.ts";
import { BasketIcon, CatalogIcon, HeartIcon, HomeIcon, UserIcon } from "#app/ui/icons.tsx";
import { basketLinkLabel } from "#contract/basket-rules.ts";

const ITEMS = [
  { to: "/", label: "Главная", Icon: HomeIcon, end: true },
  { to: "/catalog", label: "Каталог", Icon: CatalogIcon, end: false },
  { to: "/basket", label: "Корзина", Icon: BasketIcon, end: false },
  { to: "/personal/wishlist", label: "Избранное", Icon: HeartIcon, end: false },
] as const;

/** The phone's bottom navigation (hidden on desktop by CSS, and on screens whose meta hides the bottom bar). */
export function MobileNav({ visible }: { visible: boolean }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  const basketCount = useBasketCount();
  if (!visible) return null;
  // The last tab is «Войти» as rendered (and cached) for everyone, «Кабинет» once the page knows there is a session.
  const account = signedIn
    ? { to: "/personal", label: "Кабинет", Icon: UserIcon, end: false }
    : { to: signInHref(location), label: "Войти", Icon: UserIcon, end: false };
  return (
    <nav className="mobile-nav" aria-label="Основная навигация">
      <ul>
        {[...ITEMS, account].map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className="mobile-nav__item"
              aria-label={to === "/basket" ? basketLinkLabel(basketCount) : undefined}
            >
              <span className="mobile-nav__icon">
                <Icon size={22} />
                {to === "/basket" && basketCount > 0 ? (
                  <span className="counter-badge" aria-hidden="true">
                    {basketCount > 99 ? "99+" : basketCount}
                  </span>
                ) : null}
              </span>
              <span aria-hidden={to === "/basket" ? true : undefined}>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
