import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { useSignOutAction } from "#app/features/account/api.ts";

export const PERSONAL_SECTIONS = [
  { to: "/personal/orders", label: "Заказы" },
  { to: "/personal/purchases", label: "Покупки" },
  { to: "/personal/bonus", label: "Баллы" },
  { to: "/personal/refunds", label: "Возвраты" },
  { to: "/personal/wishlist", label: "Избранное" },
  { to: "/personal/viewed", label: "Просмотренные" },
  { to: "/personal/support", label: "Обращения в поддержку" },
  // The spec has no list route for addresses: the list sits beside the new-address form (ADR 031).
  { to: "/personal/address/new", label: "Адреса", section: "/personal/address/" },
  { to: "/personal/recipients", label: "Получатели" },
  { to: "/personal/profile", label: "Профиль" },
] as const;

export function PersonalMenu() {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  // On a phone the sections are one scrolling row: the current one is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose.
  useEffect(() => {
    ref.current
      ?.querySelector<HTMLElement>("a.active")
      ?.scrollIntoView?.({ block: "nearest", inline: "center" });
  }, [pathname]);
  return (
    <nav className="personal-menu" aria-label="Личный кабинет" ref={ref}>
      <p className="personal-menu__title">Личный кабинет</p>
      <ul>
        {PERSONAL_SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              // A section with pages under it (every address) stays marked on each of them.
              className={({ isActive }) =>
                isActive || ("section" in s && pathname.startsWith(s.section)) ? "active" : undefined
              }
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <SignOutButton />
    </nav>
  );
}

/** The account's own way out (on a phone the header has no account menu). */
function SignOutButton() {
  const { busy, signOut } = useSignOutAction();
  return (
    <button type="button" className="personal-menu__sign-out" disabled={busy} onClick={signOut}>
      Выйти
    </button>
  );
}
