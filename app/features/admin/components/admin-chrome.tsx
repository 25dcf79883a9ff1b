import type { ReactNode } from "react";
import { Link } from "react-router";
import { ROLE_TEXT } from "#contract/roles.ts";
import { AdminStyles } from "../admin-styles.tsx";
import { AdminNav } from "./admin-nav.tsx";

/** The back office's own frame: its bar (who works, the way back to the shop, sign-out), the sections, the screen. */
export function AdminChrome({
  roles,
  signOut,
  children,
}: {
  /** The staff member's roles; none on the «Нет доступа» screen (no sections to show). */
  roles?: readonly string[];
  signOut?: ReactNode;
  children: ReactNode;
}) {
  const role = roles?.includes("admin") ? "admin" : roles?.includes("operator") ? "operator" : undefined;
  return (
    <div className="admin">
      <AdminStyles />
      <a href="#admin-main" className="skip-link">
        Перейти к содержимому
      </a>
      <header className="admin-bar">
        <Link className="admin-bar__brand" to={roles ? "/admin" : "/"}>
          Витрина <span className="admin-bar__tag">бэк-офис</span>
        </Link>
        {role ? <span className="admin-bar__role">{ROLE_TEXT[role]}</span> : null}
        <Link className="admin-bar__link" to="/">
          В магазин
        </Link>
        {signOut}
      </header>
      <div className={roles ? "admin-body" : "admin-body admin-body--bare"}>
        {roles ? <AdminNav roles={roles} /> : null}
        <main id="admin-main" tabIndex={-1} className="admin-main">
          {children}
        </main>
      </div>
    </div>
  );
}
