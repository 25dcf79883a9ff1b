/** Spec: the consent modal's middleware runs on these screens only. */
export const IMPORT_MODAL_ROUTES = ["index", "basket", "checkout-steps-delivery"] as const;
export const SESSION_FLAG = "disableShowModalSession";
export const DECLINE_COOKIE = "disableShowModalCookie";
export const SHOW_OPTION = "show_modal_import_external_profile_data";
export const DELAY_OPTION = "modal_import_external_profile_data_hours_delay";
/** Default delay when the option is missing: 86 400 s (24 h). */
export const DEFAULT_DELAY_HOURS = 24;

export function shouldShowImportModal(input: {
  featureOn: boolean;
  routeId: string | undefined;
  option: unknown;
  sessionFlag: boolean;
  cookieFlag: boolean;
}): boolean {
  return (
    input.featureOn &&
    (IMPORT_MODAL_ROUTES as readonly string[]).includes(input.routeId ?? "") &&
    input.option === true &&
    !input.sessionFlag &&
    !input.cookieFlag
  );
}

/** The decline cookie, kept for the delay option's hours (times 3600 s). */
export function declineCookie(delayHours: unknown, secure: boolean): string {
  const hours = typeof delayHours === "number" && delayHours > 0 ? delayHours : DEFAULT_DELAY_HOURS;
  return `${DECLINE_COOKIE}=1; Max-Age=${Math.round(hours * 3600)}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(/;\s*/).some((pair) => pair.split("=")[0] === name);
}
