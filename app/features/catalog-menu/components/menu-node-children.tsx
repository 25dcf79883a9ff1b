import { Link } from "react-router";
import { ChevronRightIcon } from "#app/ui/icons.tsx";
import type { MenuNode } from "#contract/catalog-menu.ts";
import { menuChildHref, menuChildNote } from "../menu-page.ts";

/**
 * A menu page's children: tiles on wide screens, a list of full-width rows on phones. A child with its
 * own children opens its menu page, a leaf its category.
 */
export function MenuNodeChildren({ node }: { node: MenuNode }) {
  return (
    <>
      {node.categoryId !== null ? (
        <p className="menu-node__all">
          <Link to={node.href}>
            Все товары раздела
            <ChevronRightIcon size={16} />
          </Link>
        </p>
      ) : null}
      {node.children.length > 0 ? (
        <ul className="menu-tiles" aria-label={`Разделы: ${node.title}`}>
          {node.children.map((child) => {
            const note = menuChildNote(child);
            return (
              <li key={child.id}>
                <Link className="menu-tile" to={menuChildHref(child)}>
                  <span className="menu-tile__text">
                    <span className="menu-tile__title">{child.title}</span>
                    {note ? <span className="menu-tile__note">{note}</span> : null}
                  </span>
                  <ChevronRightIcon size={20} />
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">В этом разделе пока нет подразделов.</p>
      )}
    </>
  );
}
