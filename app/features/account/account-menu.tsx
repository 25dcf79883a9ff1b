import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHeaderBalance } from "#app/features/bonus/index.ts";
import { UserIcon } from "#app/ui/icons.tsx";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { formatPoints } from "#contract/format.ts";
import { points } from "#contract/money.ts";
import { displayName, useMe, useSignOutAction } from "./api.ts";
import { useSignedInHint } from "./session.ts";
import { signInHref } from "./sign-in-link.ts";

const LINKS = [
  { to: "/personal/orders", label: "Мои заказы" },
  { to: "/personal/purchases", label: "Покупки" },
  { to: "/personal/wishlist", label: "Избранное" },
  { to: "/personal/viewed", label: "Просмотренные" },
  { to: "/personal/address/new", label: "Адреса доставки" },
  { to: "/personal/recipients", label: "Получатели" },
  { to: "/personal/profile", label: "Профиль" },
] as const;

/**
 * The header's account corner. The server (and the page cache) always render «Войти»; after hydration a
 * browser with a session (the hint cookie) asks who it is and shows the shopper's name with a menu to the
 * account and sign-out. The corner keeps one width whatever it says, so nothing beside it moves.
 */
export function AccountAction() {
  const { signedIn, me } = useMe();
  const location = useLocation();
  if (!signedIn) {
    return (
      <Link to={signInHref(location)} className="header-action account-action" data-account="signed-out">
        <UserIcon />
        <span className="account-action__label">Войти</span>
      </Link>
    );
  }
  return <AccountMenu label={me ? displayName(me) : "Кабинет"} phone={me?.phone ?? null} />;
}

function AccountMenu({ label, phone }: { label: string; phone: string | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const { busy, signOut } = useSignOutAction();
  // Known after hydration with the signed-in state, as the name is: the page stays the same for everyone.
  const balance = useHeaderBalance(useSignedInHint());

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={rootRef} data-account="signed-in">
      <button
        ref={buttonRef}
        type="button"
        className="header-action account-action"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
        <span className="account-action__label">{label}</span>
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__who">
          <span className="account-menu__name">{label}</span>
          {phone && label !== formatPhone(phone) ? (
            <span className="account-menu__phone">{formatPhone(phone)}</span>
          ) : null}
        </p>
        <Link to="/personal/bonus" className="account-menu__bonus" data-testid="header-bonus">
          <span>Баллы</span>
          <strong>{balance === undefined ? "…" : formatPoints(points(balance))}</strong>
        </Link>
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
        <button type="button" className="account-menu__sign-out" onClick={signOut} disabled={busy}>
          Выйти
        </button>
      </div>
    </div>
  );
}
