import { NavLink } from "react-router";
import { BasketIcon, CatalogIcon, HeartIcon, HomeIcon, UserIcon } from "#app/ui/icons.tsx";

const ITEMS = [
  { to: "/", label: "Главная", Icon: HomeIcon, end: true },
  { to: "/catalog", label: "Каталог", Icon: CatalogIcon, end: false },
  { to: "/basket", label: "Корзина", Icon: BasketIcon, end: false },
  { to: "/personal/wishlist", label: "Избранное", Icon: HeartIcon, end: false },
  { to: "/auth", label: "Войти", Icon: UserIcon, end: false },
] as const;

/** The phone's bottom navigation (hidden on desktop by CSS, and on screens whose meta hides the bottom bar). */
export function MobileNav({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <nav className="mobile-nav" aria-label="Основная навигация">
      <ul>
        {ITEMS.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className="mobile-nav__item">
              <Icon size={22} />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
