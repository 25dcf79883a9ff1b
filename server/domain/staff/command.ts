import { z } from "zod";
import { ROLE_TEXT } from "#contract/roles.ts";
import { grantRoleSchema, staffRoleSchema } from "#contract/staff.ts";
import type { StaffService } from "./service.ts";

/** How `npm run operator` is used; printed on a mistake. */
export const OPERATOR_USAGE = `Usage:
  npm run operator -- add <phone> <operator|admin>     give the account of <phone> the role (made if new)
  npm run operator -- remove <phone> <operator|admin>  take the role away
  npm run operator -- list                             the operators and admins
<phone> as +79001234567 or "+7 (900) 123-45-67".`;

const revokeSchema = z.object({ phone: grantRoleSchema.shape.phone, role: staffRoleSchema });

/**
 * `npm run operator` (scripts/operator.ts) without the process around it: the lines to print, or an
 * AppError / usage error to report. Each change goes through the staff service, so it is audited (as `cli`).
 */
export async function runOperatorCommand(staff: StaffService, args: readonly string[]): Promise<string[]> {
  const [verb, phone, role] = args;
  if (verb === "list" && args.length === 1) {
    const members = await staff.list();
    if (members.length === 0) return ["No operators or admins."];
    return members.map(
      (m) =>
        `${m.phone ?? "—"}  ${[m.surname, m.name].filter(Boolean).join(" ") || "(no name)"}  ${m.roles
          .filter((r) => r !== "shopper")
          .map((r) => ROLE_TEXT[r as keyof typeof ROLE_TEXT] ?? r)
          .join(", ")}`,
    );
  }
  if ((verb === "add" || verb === "remove") && args.length === 3) {
    const parsed = (verb === "add" ? grantRoleSchema : revokeSchema).safeParse({ phone, role });
    if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join("; "));
    const member =
      verb === "add"
        ? await staff.grant({ cli: true }, parsed.data.phone, parsed.data.role)
        : await staff.revokeByPhone({ cli: true }, parsed.data.phone, parsed.data.role);
    return [`${member.phone}: ${member.roles.join(", ")}`];
  }
  throw new UsageError(OPERATOR_USAGE);
}

export class UsageError extends Error {}
