import { SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from "#contract/support-info.ts";

/** The support line and its hours (the same as the footer's, from one place). */
export function SupportContacts() {
  return (
    <aside className="support-contacts" aria-label="Телефон поддержки">
      <p className="support-contacts__title">Позвонить в поддержку</p>
      <a className="support-contacts__phone" href={SUPPORT_PHONE_HREF}>
        {SUPPORT_PHONE}
      </a>
      <p className="support-contacts__hours">Звонок бесплатный, {SUPPORT_HOURS}</p>
    </aside>
  );
}
