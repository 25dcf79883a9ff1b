import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { sectionsFor } from "../sections.ts";

/** The back office's sections this staff member may open: a column on a desktop, a scrolling row on a phone. */
export function AdminNav({ roles }: { roles: readonly string[] }) {
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
    <nav className="admin-nav" aria-label="Разделы бэк-офиса" ref={ref}>
      <ul>
        {sectionsFor(roles).map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end
              className={({ isActive }) =>
                isActive || (s.also !== undefined && pathname.startsWith(s.also)) ? "active" : undefined
              }
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
