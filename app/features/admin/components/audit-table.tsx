import { Link } from "react-router";
import { formatPhone } from "#app/ui/phone-mask.ts";
import type { StaffMemberView } from "#contract/staff.ts";
import { AUDIT_ACTION_TEXT, auditDetailsText, auditTargetLink, auditTargetText } from "../audit-text.ts";
import { formatDateTime } from "../format.ts";

export interface AuditRow {
  id: number;
  actorUserId: number | null;
  actorLabel: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  address: string | null;
  createdAt: string;
}

/** The audit records, newest first: when, who, what, on what, from where. */
export function AuditTable({
  items,
  staff,
}: {
  items: readonly AuditRow[];
  staff: readonly StaffMemberView[];
}) {
  const phoneOf = (id: number | null) => staff.find((m) => m.userId === id)?.phone;
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">Когда</th>
          <th scope="col">Кто</th>
          <th scope="col">Действие</th>
          <th scope="col">Объект</th>
          <th scope="col">Адрес</th>
        </tr>
      </thead>
      <tbody>
        {items.map((row) => {
          const phone = phoneOf(row.actorUserId);
          const link = auditTargetLink(row.target);
          return (
            <tr key={row.id}>
              <td data-label="Когда">{formatDateTime(row.createdAt)}</td>
              <td data-label="Кто">
                {phone ? formatPhone(phone) : row.actorLabel === "cli" ? "Командная строка" : row.actorLabel}
              </td>
              <td data-label="Действие">
                <div>
                  <span className="admin-table__strong">{AUDIT_ACTION_TEXT[row.action] ?? row.action}</span>
                  <span className="admin-table__details">{auditDetailsText(row.action, row.details)}</span>
                </div>
              </td>
              <td data-label="Объект">
                {link ? <Link to={link}>{auditTargetText(row.target)}</Link> : auditTargetText(row.target)}
              </td>
              <td data-label="Адрес">{row.address ?? "—"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
