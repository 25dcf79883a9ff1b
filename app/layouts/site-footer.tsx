import { Link } from "react-router";
import { Logo } from "#app/ui/logo.tsx";
import { SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from "#contract/support-info.ts";

const COLUMNS = [
  {
    title: "Покупателям",
    links: [
      { href: "/page/delivery", label: "Доставка и пункты выдачи" },
      { href: "/page/payment", label: "Оплата и бонусы" },
      { href: "/page/returns", label: "Возврат товара" },
      { href: "/promotion/top-profit/info", label: "Акция «Топ-выгода»" },
    ],
  },
  {
    title: "О Витрине",
    links: [
      { href: "/page/about", label: "О маркетплейсе" },
      { href: "/page/contacts", label: "Контакты" },
      { href: "/page/offer", label: "Публичная оферта" },
      { href: "/page/privacy", label: "Политика конфиденциальности" },
    ],
  },
] as const;

/**
 * Checkout's reduced footer (ADR 068): no catalogue links to wander off by, but what a shopper about to
 * pay may look for: the support line, and the offer and privacy terms the order is placed under.
 */
function CheckoutFooter() {
  return (
    <footer className="site-footer site-footer--checkout">
      <div className="container site-footer__checkout">
        <p className="site-footer__checkout-support">
          Поддержка:{" "}
          <a className="site-footer__phone" href={SUPPORT_PHONE_HREF}>
            {SUPPORT_PHONE}
          </a>{" "}
          <span>бесплатно, {SUPPORT_HOURS}</span>
        </p>
        <nav aria-label="Документы">
          <ul className="inline-links">
            <li>
              <Link to="/page/offer">Публичная оферта</Link>
            </li>
            <li>
              <Link to="/page/privacy">Политика конфиденциальности</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__legal">© 2026 Витрина</p>
      </div>
    </footer>
  );
}

export function SiteFooter({ reduced = false }: { reduced?: boolean }) {
  if (reduced) return <CheckoutFooter />;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>Маркетплейс партнёров банка: покупки с кешбэком и оплатой бонусными баллами.</p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} className="site-footer__column" aria-label={col.title}>
            <h2>{col.title}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.href}>
                  <Link to={l.href}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section className="site-footer__column site-footer__support" aria-labelledby="footer-support">
          <h2 id="footer-support">Поддержка</h2>
          <a className="site-footer__phone" href={SUPPORT_PHONE_HREF}>
            {SUPPORT_PHONE}
          </a>
          <p>Бесплатно, {SUPPORT_HOURS}</p>
          <Link to="/personal/support">Написать в поддержку</Link>
        </section>
        <p className="site-footer__legal">© 2026 Витрина. Все цены указаны в рублях с учётом НДС.</p>
      </div>
    </footer>
  );
}
