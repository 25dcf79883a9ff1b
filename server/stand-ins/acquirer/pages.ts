import { formatRub } from "#contract/format.ts";
import { installmentPlanText, installmentSchedule } from "#contract/installments.ts";
import { kopecks } from "#contract/money.ts";
import { escapeHtml } from "#server/stand-ins/bank/pages.ts";
import { type CardForm, groupPan, TEST_CARDS, TEST_CVC, TEST_EXPIRY, THREE_DS_CODE } from "./cards.ts";
import { qrSvg } from "./qr.ts";
import type { StandInPayment } from "./repository.ts";

/**
 * The stand-in acquirer's hosted pages (ADR 037): server-rendered, no script at all, the acquirer's own
 * look (not the shop's theme), every page topped by «Тестовая среда — деньги не списываются». Every value
 * is escaped; the style carries the response's CSP nonce.
 */

const ACQUIRER_NAME = "Тест-Касса";
export const TEST_BANNER = "Тестовая среда — деньги не списываются";

/** The page's sum as the shop writes it (ADR 046): 123456 kopecks → «1 234,56 ₽», 250000 → «2 500 ₽». */
const amountText = (amount: number) => formatRub(kopecks(amount));

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1c1c1e;background:#f2f3f5;display:flex;flex-direction:column}
.test{margin:0;background:#ffdd2d;color:#1c1c1e;text-align:center;font-weight:700;padding:10px 16px;font-size:15px}
.top{background:#fff;border-bottom:1px solid #e2e4e8}
.top__inner{max-width:960px;margin:0 auto;padding:12px 20px;display:flex;align-items:center;gap:10px}
.logo{width:32px;height:32px;flex:none}
.top__name{font-weight:700;font-size:17px}
.top__note{margin-left:auto;font-size:13px;color:#5c6370}
main{flex:1;display:flex;justify-content:center;align-items:flex-start;padding:28px 16px 40px}
.card{width:100%;max-width:460px;background:#fff;border-radius:16px;box-shadow:0 6px 24px rgba(0,0,0,.08);padding:24px 20px}
h1{font-size:22px;line-height:1.25;margin:0 0 4px}
.order{margin:0 0 16px;color:#5c6370;overflow-wrap:anywhere}
.sum{font-size:28px;font-weight:700;margin:0 0 16px}
.tabs{display:flex;gap:8px;margin:0 0 20px;padding:4px;background:#f2f3f5;border-radius:12px}
.tabs a{flex:1;text-align:center;padding:10px 8px;border-radius:9px;color:#1c1c1e;text-decoration:none;font-weight:600;min-height:44px}
.tabs a[aria-current=page]{background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.field{margin:0 0 16px}
.row{display:flex;gap:12px}
.row .field{flex:1;min-width:0}
label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
input[type=text]{width:100%;font:inherit;padding:12px 14px;border:1px solid #8e949e;border-radius:10px;background:#fff;color:inherit;min-height:48px;letter-spacing:.02em}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
input[aria-invalid=true]{border-color:#c5221f;border-width:2px}
.field-error{display:block;color:#b3261e;font-size:14px;margin:6px 0 0}
.errors{background:#fdecea;color:#8a1c12;border-radius:10px;padding:12px 14px;margin:0 0 16px;font-size:15px}
.errors p{margin:0 0 4px;font-weight:600}
.errors ul{margin:0;padding-left:20px}
.errors a{color:inherit}
.button{display:block;width:100%;min-height:48px;font:inherit;font-weight:700;border-radius:10px;padding:12px 16px;cursor:pointer;text-align:center;text-decoration:none;border:0}
.button--primary{background:#1c1c1e;color:#fff}
.button--primary:hover{background:#000}
.button--ok{background:#0f7b3f;color:#fff}
.button--no{background:#b3261e;color:#fff}
.button--secondary{background:#e8eaee;color:#1c1c1e}
.stack{display:flex;flex-direction:column;gap:10px;margin-top:8px}
.back{display:inline-block;margin-top:16px;color:#1a56b8}
.hint{margin:20px 0 0;padding:12px 14px;border:1px dashed #8e949e;border-radius:10px;font-size:14px;color:#3c4350}
.hint h2{font-size:15px;margin:0 0 8px;color:#1c1c1e}
.hint table{border-collapse:collapse;width:100%}
.hint th,.hint td{text-align:left;padding:4px 6px 4px 0;vertical-align:top}
.hint th{font-weight:600}
code{font-family:ui-monospace,Menlo,Consolas,monospace;background:#f2f3f5;padding:1px 5px;border-radius:4px;color:#1c1c1e;white-space:nowrap}
.qr-box{display:flex;justify-content:center;margin:0 0 12px}
.qr{width:220px;height:220px;border:1px solid #e2e4e8;border-radius:12px}
.center{text-align:center}
.plan{margin:0 0 16px;border:1px solid #e2e4e8;border-radius:12px;padding:4px 14px}
.plan div{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #eef0f3}
.plan div:last-child{border-bottom:0}
.plan dt{color:#5c6370}
.plan dd{margin:0;font-weight:600;text-align:right}
fieldset{border:1px solid #e2e4e8;border-radius:12px;padding:12px 14px 14px;margin:16px 0 0}
legend{font-weight:600;font-size:14px;padding:0 4px}
.note{font-size:14px;color:#5c6370;margin:0 0 10px}
.acs .top{background:#0b3d2e;border-bottom:0}
.acs .top__name,.acs .top__note{color:#fff}
.status{font-size:40px;line-height:1;margin:0 0 12px}
footer{text-align:center;font-size:13px;color:#5c6370;padding:0 16px 24px}
@media (max-width:479px){.hint code{font-size:13px;padding:1px 3px}.top__note{display:none}main{padding:16px 12px 28px}.card{padding:20px 16px}.sum{font-size:24px}}
@media (min-width:720px){.card{padding:32px 36px}}
`;

const LOGO = `<svg class="logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#1c1c1e"/><path d="M8 11h16v3H17.5v10h-3V14H8z" fill="#ffdd2d"/></svg>`;

function layout(nonce: string, title: string, body: string, options: { acs?: boolean } = {}): string {
  const brand = options.acs ? "Банк-эмитент · 3-D Secure" : ACQUIRER_NAME;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} — ${brand}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body${options.acs ? ' class="acs"' : ""}>
<p class="test" role="note">${TEST_BANNER}</p>
<header class="top"><div class="top__inner">${options.acs ? "" : LOGO}<span class="top__name">${brand}</span><span class="top__note">Платёжная страница для проверки магазина</span></div></header>
<main>${body}</main>
<footer>Учебный эквайер магазина «Витрина». Настоящие карты здесь не принимаются.</footer>
</body>
</html>`;
}

const summary = (p: StandInPayment) =>
  `<p class="order">Магазин «Витрина»${p.description ? ` · ${escapeHtml(p.description)}` : ""} · заказ ${escapeHtml(p.orderId)}</p>
<p class="sum">${amountText(p.amount)}</p>`;

const backLink = (p: StandInPayment, text = "Отказаться от оплаты и вернуться в магазин") =>
  p.failUrl ? `<a class="back" href="${escapeHtml(p.failUrl)}">${text}</a>` : "";

const CARD_HINT = `<section class="hint" aria-labelledby="test-cards">
<h2 id="test-cards">Тестовые карты</h2>
<table><thead><tr><th scope="col">Номер</th><th scope="col">Что будет</th></tr></thead><tbody>
${TEST_CARDS.map((c) => `<tr><td><code>${groupPan(c.pan)}</code></td><td>${c.label}</td></tr>`).join("\n")}
</tbody></table>
<p>Срок — любой будущий, например <code>${TEST_EXPIRY}</code>; CVC — любые три цифры, например <code>${TEST_CVC}</code>. Код 3-D Secure: <code>${THREE_DS_CODE}</code>.</p>
</section>`;

const FIELD_LABELS: Record<keyof CardForm, string> = {
  pan: "Номер карты",
  expiry: "Срок действия",
  cvc: "CVC",
};

export interface FormView {
  payment: StandInPayment;
  method: "card" | "sbp";
  /** The page's own address: the forms post below it, the tabs link to it. */
  action: string;
  errors?: Partial<Record<keyof CardForm, string>>;
  values?: Partial<CardForm>;
}

export function renderPaymentForm(nonce: string, view: FormView): string {
  const p = view.payment;
  const tabs = `<nav class="tabs" aria-label="Способ оплаты">
<a href="${escapeHtml(view.action)}?method=card"${view.method === "card" ? ' aria-current="page"' : ""}>Картой</a>
<a href="${escapeHtml(view.action)}?method=sbp"${view.method === "sbp" ? ' aria-current="page"' : ""}>СБП</a>
</nav>`;
  if (view.method === "sbp") {
    const link = `https://qr.nspk.ru/TEST${String(p.id).padStart(10, "0")}?type=02&sum=${p.amount}&cur=RUB`;
    return layout(
      nonce,
      "Оплата через СБП",
      `<div class="card">
<h1>Оплата через СБП</h1>
${summary(p)}
${tabs}
<div class="qr-box">${qrSvg(link, `QR-код для оплаты ${amountText(p.amount)} через СБП`)}</div>
<p class="note center">Отсканируйте QR-код камерой телефона или в приложении банка и подтвердите оплату там.</p>
<fieldset>
<legend>Вместо приложения банка</legend>
<p class="note">Нажмите, как будто вы подтвердили или отклонили оплату в приложении банка:</p>
<div class="stack">
<form method="post" action="${escapeHtml(view.action)}/sbp"><input type="hidden" name="outcome" value="success"><button class="button button--ok" type="submit">Оплатить в приложении банка — успешно</button></form>
<form method="post" action="${escapeHtml(view.action)}/sbp"><input type="hidden" name="outcome" value="decline"><button class="button button--no" type="submit">Оплатить в приложении банка — отказ</button></form>
</div>
</fieldset>
${backLink(p)}
</div>`,
    );
  }
  const errors = view.errors ?? {};
  const names = (Object.keys(FIELD_LABELS) as (keyof CardForm)[]).filter((k) => errors[k]);
  const errorSummary = names.length
    ? `<div class="errors" role="alert" id="errors"><p>Проверьте данные карты</p><ul>${names
        .map((k) => `<li><a href="#${k}">${escapeHtml(errors[k]!)}</a></li>`)
        .join("")}</ul></div>`
    : "";
  const first = names[0];
  const input = (name: keyof CardForm, attrs: string, value = "") =>
    `<div class="field"><label for="${name}">${FIELD_LABELS[name]}</label><input type="text" id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}"${
      errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""
    }${first === name ? " autofocus" : ""}>${errors[name] ? `<span class="field-error" id="${name}-error">${escapeHtml(errors[name]!)}</span>` : ""}</div>`;
  return layout(
    nonce,
    "Оплата картой",
    `<div class="card">
<h1>Оплата картой</h1>
${summary(p)}
${tabs}
${errorSummary}
<form method="post" action="${escapeHtml(view.action)}/card" novalidate>
${input("pan", 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="0000 0000 0000 0000" spellcheck="false" required', view.values?.pan ?? "")}
<div class="row">
${input("expiry", 'inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="ММ/ГГ" required', view.values?.expiry ?? "")}
${input("cvc", 'inputmode="numeric" autocomplete="cc-csc" maxlength="3" placeholder="123" required')}
</div>
<button class="button button--primary" type="submit">Оплатить ${amountText(p.amount)}</button>
</form>
${backLink(p)}
${CARD_HINT}
</div>`,
  );
}

/**
 * The bank's installment application (ADR 062): the plan, and the test buttons standing for the bank's
 * decision (a real bank asks for the passport and decides within minutes).
 */
export function renderInstallment(
  nonce: string,
  view: { payment: StandInPayment; months: number; action: string },
): string {
  const p = view.payment;
  const plan = installmentSchedule(p.amount, view.months);
  return layout(
    nonce,
    "Оплата частями",
    `<div class="card">
<h1>Оплата частями</h1>
${summary(p)}
<dl class="plan">
<div><dt>Срок</dt><dd>${view.months} мес</dd></div>
<div><dt>Ежемесячный платёж</dt><dd>${escapeHtml(installmentPlanText(plan))}</dd></div>
<div><dt>Переплата</dt><dd>0&nbsp;₽</dd></div>
</dl>
<p class="note">Проценты банку платит магазин. Банк проверит заявку и примет решение за пару минут; первый платёж — через месяц после покупки.</p>
<fieldset>
<legend>Вместо решения банка</legend>
<p class="note">Нажмите, как будто банк одобрил или отклонил заявку:</p>
<div class="stack">
<form method="post" action="${escapeHtml(view.action)}"><input type="hidden" name="outcome" value="approve"><button class="button button--ok" type="submit">Банк одобрил — подписать договор</button></form>
<form method="post" action="${escapeHtml(view.action)}"><input type="hidden" name="outcome" value="decline"><button class="button button--no" type="submit">Банк отказал</button></form>
</div>
</fieldset>
${backLink(p)}
</div>`,
  );
}

export function renderThreeDs(
  nonce: string,
  view: { payment: StandInPayment; action: string; attemptsLeft: number; error?: string },
): string {
  const p = view.payment;
  const invalid = view.error ? ' aria-invalid="true" aria-describedby="code-error"' : "";
  return layout(
    nonce,
    "Подтверждение покупки",
    `<div class="card">
<h1>Подтвердите покупку</h1>
<p class="order">Магазин «Витрина» · ${amountText(p.amount)} · карта ${escapeHtml(p.pan ?? "")}</p>
<p>Мы отправили код подтверждения в SMS. Введите его, чтобы оплатить.</p>
<form method="post" action="${escapeHtml(view.action)}" novalidate>
<div class="field"><label for="code">Код из SMS</label><input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required autofocus${invalid}>${
      view.error
        ? `<span class="field-error" id="code-error" role="alert">${escapeHtml(view.error)}</span>`
        : ""
    }</div>
<button class="button button--primary" type="submit">Подтвердить</button>
</form>
<form method="post" action="${escapeHtml(view.action)}/cancel"><div class="stack"><button class="button button--secondary" type="submit">Отменить покупку</button></div></form>
<p class="hint">Тестовый код: <code>${THREE_DS_CODE}</code>. Попыток осталось: ${view.attemptsLeft}; после трёх неверных кодов оплата отклоняется.</p>
</div>`,
    { acs: true },
  );
}

export function renderOutcome(
  nonce: string,
  view: { payment: StandInPayment; paid: boolean; reason?: string },
): string {
  const p = view.payment;
  const back = view.paid ? p.successUrl : p.failUrl;
  return layout(
    nonce,
    view.paid ? "Оплачено" : "Оплата не прошла",
    `<div class="card">
<p class="status" aria-hidden="true">${view.paid ? "✓" : "✕"}</p>
<h1>${view.paid ? "Оплата прошла" : "Оплата не прошла"}</h1>
${summary(p)}
<p role="status">${view.paid ? "Платёж проведён. Магазин получит уведомление." : escapeHtml(view.reason ?? "Платёж не проведён.")}</p>
${back ? `<div class="stack"><a class="button button--primary" href="${escapeHtml(back)}">Вернуться в магазин</a></div>` : ""}
</div>`,
  );
}

export function renderNotFound(nonce: string): string {
  return layout(
    nonce,
    "Платёж не найден",
    `<div class="card">
<h1>Платёж не найден</h1>
<p role="alert">Ссылка на оплату неверна или устарела. Вернитесь в магазин и начните оплату заново.</p>
</div>`,
  );
}

/** The pages' Content-Security-Policy: nothing but the nonce's style; forms post here or back to the shop. */
export function acquirerCsp(nonce: string, formTargets: string[] = []): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    `form-action 'self'${formTargets.length ? ` ${formTargets.join(" ")}` : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}
