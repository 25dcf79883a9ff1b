import { Form } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { SelectField, TextField } from "#app/ui/field.tsx";
import { formatPhone } from "#app/ui/phone-mask.ts";
import type { StaffMemberView } from "#contract/staff.ts";
import type { AuditFilters } from "../audit-filters.ts";
import { AUDIT_ACTION_TEXT } from "../audit-text.ts";

/** The audit log's filters as a GET form, like the order list's: the address names the view. */
export function AuditFiltersForm({
  filters,
  staff,
}: {
  filters: AuditFilters;
  staff: readonly StaffMemberView[];
}) {
  return (
    <Form method="get" action="/admin/audit" className="admin-filters" aria-label="Фильтры журнала">
      <SelectField label="Действие" name="action" defaultValue={filters.action ?? ""}>
        <option value="">Все действия</option>
        {Object.entries(AUDIT_ACTION_TEXT).map(([action, text]) => (
          <option key={action} value={action}>
            {text}
          </option>
        ))}
      </SelectField>
      <SelectField label="Сотрудник" name="actor" defaultValue={filters.actor ?? ""}>
        <option value="">Все сотрудники</option>
        {staff.map((member) => (
          <option key={member.userId} value={String(member.userId)}>
            {member.phone ? formatPhone(member.phone) : `№ ${member.userId}`}
            {member.name ? ` · ${member.name}` : ""}
          </option>
        ))}
      </SelectField>
      <TextField label="С даты" name="from" type="date" defaultValue={filters.from ?? ""} />
      <TextField label="По дату" name="to" type="date" defaultValue={filters.to ?? ""} />
      <div className="admin-filters__actions">
        <Button type="submit">Найти</Button>
        <Button href="/admin/audit" variant="secondary">
          Сбросить
        </Button>
      </div>
    </Form>
  );
}
