import { AppError } from "#server/errors.ts";
import type { UserRow } from "#server/domain/identity/repository.ts";
import type { PhoneCodesService } from "#server/domain/phone-sign-in/service.ts";
import type { ProfileFields, ProfileRepository } from "./repository.ts";

export const SAME_PHONE_MESSAGE = "Это ваш текущий номер";
export const PHONE_IN_USE_MESSAGE = "Этот номер уже привязан к другой учётной записи. Укажите другой номер";

const signedOut = () => new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });

/**
 * The signed-in shopper's own profile (ADR 033). Every method takes the session's user id, never one
 * from the request, so a shopper can only ever change their own account.
 */
export function createProfileService(
  repository: ProfileRepository,
  phoneCodes: Pick<PhoneCodesService, "requestCode" | "verifyCode">,
) {
  return {
    /** Writes surname, name, patronymic and email (already checked by contract/profile.ts's schema). */
    async update(userId: number, fields: ProfileFields): Promise<UserRow> {
      const user = await repository.updateProfile(userId, fields);
      if (!user) throw signedOut();
      return user;
    },

    /**
     * Texts a phone-change code to the new number (E.164). The answer is the same whether another account
     * has the number or not: only the number's holder, after the code, learns that it is taken.
     */
    async requestPhoneChange(userId: number, phone: string, client: string) {
      const current = await repository.phoneOf(userId);
      if (current === undefined) throw signedOut();
      if (current === phone) {
        throw new AppError("validation", SAME_PHONE_MESSAGE, {
          code: "invalid_parameters",
          fields: [{ field: "body.phone", message: SAME_PHONE_MESSAGE }],
        });
      }
      return phoneCodes.requestCode(phone, client, "phone-change");
    },

    /**
     * Moves the account to the new phone once the code texted to it is right. A number another account
     * holds is refused (409 phone_in_use) without a word about that account.
     */
    async confirmPhoneChange(userId: number, phone: string, code: string, client: string) {
      await phoneCodes.verifyCode(phone, code, client, "phone-change");
      const result = await repository.setPhone(userId, phone);
      if (result === undefined) throw signedOut();
      if (result === "taken") {
        throw new AppError("conflict", PHONE_IN_USE_MESSAGE, {
          code: "phone_in_use",
          fields: [{ field: "body.phone", message: PHONE_IN_USE_MESSAGE }],
        });
      }
      return result;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
