import { hasRole, type StaffRole } from "#contract/roles.ts";

/**
 * The back office's sections, in the order of its navigation. A new screen adds one line here and its
 * route in app/routes.ts; `role` is the least role that may open it (the API checks it again).
 */
export interface AdminSection {
  to: string;
  label: string;
  role: StaffRole;
  /** Marked as current on the paths under this one too (the list's order cards). */
  also?: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: "/admin", label: "Заказы", role: "operator", also: "/admin/orders/" },
  { to: "/admin/support", label: "Обращения", role: "operator", also: "/admin/support/" },
  { to: "/admin/refunds", label: "Возвраты", role: "operator", also: "/admin/refunds/" },
  { to: "/admin/reviews", label: "Отзывы", role: "operator" },
  { to: "/admin/questions", label: "Вопросы", role: "operator" },
  { to: "/admin/payments", label: "Проблемные платежи", role: "operator" },
  { to: "/admin/stock", label: "Склад", role: "operator" },
  { to: "/admin/products", label: "Фото товаров", role: "operator", also: "/admin/products/" },
  { to: "/admin/banners", label: "Баннеры", role: "operator" },
  { to: "/admin/sms", label: "SMS", role: "operator" },
  { to: "/admin/staff", label: "Сотрудники", role: "admin" },
  { to: "/admin/audit", label: "Журнал действий", role: "admin" },
];

/** The sections this staff member may open. */
export function sectionsFor(roles: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => hasRole(roles, s.role));
}

/**
 * The section an address of the back office belongs to: its list or one of its cards (`also`), else the
 * section whose list the address starts with; the orders for anything else. An error screen sends the
 * operator back to it.
 */
export function sectionOf(pathname: string): AdminSection {
  const path = pathname.replace(/\/+$/, "") || "/";
  const [orders] = ADMIN_SECTIONS;
  return (
    ADMIN_SECTIONS.find((s) => s.to === path || (s.also !== undefined && path.startsWith(s.also))) ??
    ADMIN_SECTIONS.find((s) => s !== orders && path.startsWith(`${s.to}/`)) ??
    orders!
  );
}
