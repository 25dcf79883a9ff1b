// Who may do what (issue 20, ADR 051). Every account is a shopper; operators work orders in the back office
// (/admin), admins also manage operators and read the audit log. An admin can do what an operator can.

export const ROLES = ["shopper", "operator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles that give access to the back office. */
export const STAFF_ROLES = ["operator", "admin"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How the back office names each role. */
export const ROLE_TEXT: Record<Role, string> = {
  shopper: "Покупатель",
  operator: "Оператор",
  admin: "Администратор",
};

/** Whether an account with these roles may act as `role` (an admin may act as an operator). */
export function hasRole(roles: readonly string[], role: StaffRole): boolean {
  return roles.includes(role) || (role === "operator" && roles.includes("admin"));
}
