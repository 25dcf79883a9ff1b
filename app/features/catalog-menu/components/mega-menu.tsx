import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ChevronRightIcon } from "#app/ui/icons.tsx";
import type { MenuRoot } from "#contract/catalog-menu.ts";
import { catalogMenuQuery } from "../api.ts";
import { nextRootIndex } from "../mega-menu-keys.ts";
import "./mega-menu.css";

/** How long the pointer must rest on a root item before it switches, so a diagonal move does not. */
const HOVER_INTENT_MS = 90;

/**
 * The desktop mega-menu (loaded lazily by CatalogMenuButton): the root nodes as a vertical tab list on
 * the left, the active one's children and grandchildren as link groups on the right. Arrows, Home and
 * End move through the roots, Tab goes on into the links.
 */
export default function MegaMenu({ onClose }: { onClose: (returnFocus: boolean) => void }) {
  const { data, isPending, isError, refetch, isFetching } = useQuery(catalogMenuQuery());
  const [active, setActive] = useState(0);
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hover.current), []);

  const roots = data?.items ?? [];
  const current = Math.min(active, Math.max(roots.length - 1, 0));
  const root = roots[current];

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      panel.current?.querySelector<HTMLAnchorElement>("a")?.focus();
      return;
    }
    const next = nextRootIndex(current, roots.length, event.key);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  };

  return (
    <>
      <div className="mega-menu__backdrop" aria-hidden="true" onPointerDown={() => onClose(false)} />
      <div className="mega-menu">
        <div className="container mega-menu__inner">
          {isPending ? (
            <p className="mega-menu__status" role="status">
              Загружаем каталог…
            </p>
          ) : isError || !root ? (
            <div className="mega-menu__status" role="alert">
              <p>Не удалось загрузить каталог.</p>
              <p className="mega-menu__status-actions">
                <button
                  type="button"
                  className="mega-menu__retry"
                  disabled={isFetching}
                  onClick={() => refetch()}
                >
                  Попробовать ещё раз
                </button>
                <Link to="/catalog">Все разделы каталога</Link>
              </p>
            </div>
          ) : (
            <>
              <div
                className="mega-menu__roots"
                role="tablist"
                aria-orientation="vertical"
                aria-label="Разделы каталога"
              >
                {roots.map((r, i) => (
                  <button
                    key={r.id}
                    ref={(el) => {
                      tabs.current[i] = el;
                    }}
                    type="button"
                    role="tab"
                    id={`${id}-tab-${i}`}
                    className="mega-menu__root"
                    aria-selected={i === current}
                    aria-controls={`${id}-panel`}
                    tabIndex={i === current ? 0 : -1}
                    onClick={() => setActive(i)}
                    onFocus={() => setActive(i)}
                    onKeyDown={onTabKeyDown}
                    onPointerEnter={(event) => {
                      if (event.pointerType !== "mouse") return;
                      clearTimeout(hover.current);
                      hover.current = setTimeout(() => setActive(i), HOVER_INTENT_MS);
                    }}
                    onPointerLeave={() => clearTimeout(hover.current)}
                  >
                    <span>{r.title}</span>
                    <ChevronRightIcon size={16} />
                  </button>
                ))}
              </div>
              <div
                ref={panel}
                className="mega-menu__panel"
                role="tabpanel"
                id={`${id}-panel`}
                aria-labelledby={`${id}-tab-${current}`}
              >
                <RootLinks root={root} />
              </div>
            </>
          )}
        </div>
      </div>
    </>
  );
}

/** The active root's page, then its children: those with children of their own as titled groups. */
function RootLinks({ root }: { root: MenuRoot }) {
  const groups = root.children.filter((c) => c.children.length > 0);
  const singles = root.children.filter((c) => c.children.length === 0);
  return (
    <>
      <Link to={root.href} className="mega-menu__title">
        {root.title}
        <ChevronRightIcon size={20} />
      </Link>
      <ul className="mega-menu__groups">
        {groups.map((group) => (
          <li key={group.id} className="mega-menu__group">
            <Link to={group.href} className="mega-menu__group-title">
              {group.title}
            </Link>
            <ul className="mega-menu__links">
              {group.children.map((link) => (
                <li key={link.id}>
                  <Link to={link.href}>{link.title}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {singles.length > 0 ? (
          <li className="mega-menu__group">
            <ul className="mega-menu__links mega-menu__links--singles">
              {singles.map((link) => (
                <li key={link.id}>
                  <Link to={link.href}>{link.title}</Link>
                </li>
              ))}
            </ul>
          </li>
        ) : null}
      </ul>
    </>
  );
}
