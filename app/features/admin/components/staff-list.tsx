import { useState } from "react";
import { Button } from "#app/ui/button.tsx";
import { Modal } from "#app/ui/modal/modal.tsx";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { ROLE_TEXT, STAFF_ROLES, type StaffRole } from "#contract/roles.ts";
import type { StaffMemberView } from "#contract/staff.ts";
import { useStaffMutations } from "../api.ts";
import { refusalText } from "../refusal.ts";

interface Revoking {
  member: StaffMemberView;
  role: StaffRole;
}

const who = (member: StaffMemberView) => (member.phone ? formatPhone(member.phone) : `№ ${member.userId}`);

/** The operators and admins, each staff role with a way to take it away (confirmed first). */
export function StaffList({ items, meId }: { items: readonly StaffMemberView[]; meId: number }) {
  const [revoking, setRevoking] = useState<Revoking | null>(null);
  return (
    <>
      <table className="admin-table admin-table--middle">
        <thead>
          <tr>
            <th scope="col">Телефон</th>
            <th scope="col">Имя</th>
            <th scope="col">Роли</th>
          </tr>
        </thead>
        <tbody>
          {items.map((member) => (
            <tr key={member.userId}>
              <td data-label="Телефон">
                <span>
                  {who(member)}
                  {member.userId === meId ? <span className="admin-muted"> (вы)</span> : null}
                </span>
              </td>
              <td data-label="Имя">{[member.name, member.surname].filter(Boolean).join(" ") || "—"}</td>
              <td data-label="Роли">
                <ul className="admin-roles">
                  {STAFF_ROLES.filter((role) => member.roles.includes(role)).map((role) => (
                    <li key={role} className="admin-roles__item">
                      {ROLE_TEXT[role]}
                      <Button
                        variant="ghost"
                        aria-label={`Снять роль «${ROLE_TEXT[role]}» с ${who(member)}`}
                        onClick={() => setRevoking({ member, role })}
                      >
                        Снять
                      </Button>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {revoking ? <RevokeDialog revoking={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}

function RevokeDialog({ revoking, onClose }: { revoking: Revoking; onClose: () => void }) {
  const { revoke } = useStaffMutations();
  const { member, role } = revoking;
  async function confirm() {
    try {
      await revoke.mutateAsync({ userId: member.userId, role });
      showToast({ type: "success", title: `${who(member)}: роль «${ROLE_TEXT[role]}» снята` });
      onClose();
    } catch (error) {
      showToast({ type: "error", title: "Роль не снята", text: refusalText(error) });
    }
  }
  return (
    <Modal
      open
      size="s"
      onClose={onClose}
      title="Снять роль?"
      description={`${who(member)} больше не сможет работать как «${ROLE_TEXT[role]}». Открытые страницы бэк-офиса перестанут работать со следующего действия.`}
      footer={
        <div className="admin-dialog-actions">
          <Button onClick={confirm}>Снять роль</Button>
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
        </div>
      }
    />
  );
}
