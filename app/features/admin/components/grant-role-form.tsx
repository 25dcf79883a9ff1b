import { type FormEvent, useState } from "react";
import { Button } from "#app/ui/button.tsx";
import { Field, SelectField } from "#app/ui/field.tsx";
import { PhoneInput } from "#app/ui/phone-input.tsx";
import { formatPhone, PHONE_INCOMPLETE_MESSAGE } from "#app/ui/phone-mask.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { ROLE_TEXT, type StaffRole } from "#contract/roles.ts";
import { useStaffMutations } from "../api.ts";
import { refusalText } from "../refusal.ts";

/**
 * An admin gives a role by phone. Someone who never signed in gets an account now and signs in by SMS
 * later (ADR 051).
 */
export function GrantRoleForm() {
  const { grant } = useStaffMutations();
  const [phone, setPhone] = useState<string | null>(null);
  const [role, setRole] = useState<StaffRole>("operator");
  const [error, setError] = useState<string>();
  // A new field after each grant: the phone field is uncontrolled (its mask owns the text).
  const [round, setRound] = useState(0);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!phone) {
      setError(PHONE_INCOMPLETE_MESSAGE);
      return;
    }
    try {
      await grant.mutateAsync({ phone, role });
      showToast({ type: "success", title: `${formatPhone(phone)}: роль «${ROLE_TEXT[role]}» назначена` });
      setError(undefined);
      setPhone(null);
      setRound((n) => n + 1);
    } catch (failure) {
      setError(refusalText(failure));
    }
  }
  return (
    <form className="admin-grant" onSubmit={submit} noValidate aria-label="Назначить роль">
      <Field label="Телефон сотрудника" error={error}>
        {(control) => (
          <PhoneInput
            key={round}
            {...control}
            className="ui-field__input"
            onValueChange={(value) => setPhone(value.e164)}
          />
        )}
      </Field>
      <SelectField label="Роль" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
        <option value="operator">{ROLE_TEXT.operator}</option>
        <option value="admin">{ROLE_TEXT.admin}</option>
      </SelectField>
      <Button type="submit" loading={grant.isPending}>
        Назначить
      </Button>
    </form>
  );
}
