/** `+79161234567` → `+7 (916) 123-45-67`, the way the phone field shows a number. */
export function showPhone(e164: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : e164;
}
