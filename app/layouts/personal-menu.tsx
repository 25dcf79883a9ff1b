import { NavLink } from "react-router";

export const PERSONAL_SECTIONS = [
  { to: "/personal/orders", label: "Заказы" },
  { to: "/personal/purchases", label: "Покупки" },
  { to: "/personal/refunds", label: "Возвраты" },
  { to: "/personal/wishlist", label: "Избранное" },
  { to: "/personal/viewed", label: "Просмотренные" },
  { to: "/personal/support", label: "Обращения в поддержку" },
  { to: "/personal/recipients", label: "Получатели" },
  { to: "/personal/profile", label: "Профиль" },
] as const;

export function PersonalMenu() {
  return (
    <nav className="personal-menu" aria-label="Личный кабинет">
      <p className="personal-menu__title">Личный кабинет</p>
      <ul>
        {PERSONAL_SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink to={s.to}>{s.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
