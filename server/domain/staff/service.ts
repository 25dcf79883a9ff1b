import type { StaffRole } from "#contract/roles.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditActor, AuditRepository } from "#server/domain/audit/repository.ts";
import { AppError } from "#server/errors.ts";
import type { StaffRepository } from "./repository.ts";

export interface StaffRepositories {
  staff: StaffRepository;
  audit: AuditRepository;
}

export interface StaffMember {
  userId: number;
  phone: string | null;
  name: string | null;
  surname: string | null;
  roles: string[];
}

const member = (row: {
  id: number;
  phone: string | null;
  name: string | null;
  surname: string | null;
  roles: string[];
}): StaffMember => ({
  userId: row.id,
  phone: row.phone,
  name: row.name,
  surname: row.surname,
  roles: row.roles,
});

/**
 * Operators and admins (ADR 051): granted and revoked by an admin in the back office or by
 * `npm run operator`, each change recorded in the audit log in its own transaction. A role takes effect on
 * the account's next request (sessions read the roles from the account). The last admin stays: nobody
 * could manage the staff after it.
 */
export function createStaffService(work: UnitOfWork<StaffRepositories>) {
  return {
    async list(): Promise<StaffMember[]> {
      return (await work.repositories.staff.list()).map(member);
    },

    /** Gives the account of `phone` the role, making the account if nobody has signed in with it yet. */
    async grant(actor: AuditActor, phone: string, role: StaffRole): Promise<StaffMember> {
      return work.transaction(async ({ staff, audit }) => {
        const found = await staff.lockByPhone(phone);
        const row = found ?? (await staff.insertByPhone(phone));
        if (row.roles.includes(role)) return member(row);
        const updated = await staff.setRoles(row.id, [...row.roles, role]);
        await audit.record(actor, {
          action: "staff.grant",
          target: `user:${row.id}`,
          details: { phone, role, created: !found },
        });
        return member(updated);
      });
    },

    async revoke(actor: AuditActor, userId: number, role: StaffRole): Promise<StaffMember> {
      return work.transaction(async ({ staff, audit }) => {
        const row = await staff.lockById(userId);
        if (!row?.roles.includes(role)) {
          throw new AppError("not_found", "У этого сотрудника нет такой роли", { code: "role_not_held" });
        }
        if (role === "admin" && !("cli" in actor) && actor.userId === userId) {
          throw new AppError(
            "conflict",
            "Свою роль администратора снять нельзя — попросите другого администратора",
            {
              code: "own_admin_role",
            },
          );
        }
        if (role === "admin" && (await staff.adminCount()) <= 1) {
          throw new AppError("conflict", "Это последний администратор: сначала назначьте другого", {
            code: "last_admin",
          });
        }
        const updated = await staff.setRoles(
          row.id,
          row.roles.filter((r) => r !== role),
        );
        await audit.record(actor, {
          action: "staff.revoke",
          target: `user:${row.id}`,
          details: { phone: row.phone, role },
        });
        return member(updated);
      });
    },

    async revokeByPhone(actor: AuditActor, phone: string, role: StaffRole): Promise<StaffMember> {
      const row = await work.repositories.staff.lockByPhone(phone);
      if (!row)
        throw new AppError("not_found", "Пользователь с таким телефоном не найден", {
          code: "user_not_found",
        });
      return this.revoke(actor, row.id, role);
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
