import type { BankCustomer } from "./customers.ts";

/**
 * The bank stand-in's own screens (ADR 029): server-rendered HTML in the look of an internet bank, not
 * the shop's, with no script at all. Every value is escaped; styles carry the response's CSP nonce.
 */

const BANK_NAME = "Банк — интернет-банк (демо)";

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f1d2e;background:#eef2f7;display:flex;flex-direction:column}
.bank-top{background:#0b2a4a;color:#fff}
.bank-top__inner{max-width:960px;margin:0 auto;padding:14px 20px;display:flex;align-items:center;gap:12px}
.bank-logo{width:36px;height:36px;flex:none}
.bank-top__name{font-weight:700;font-size:17px;letter-spacing:.01em}
.bank-top__note{margin-left:auto;font-size:13px;opacity:.8}
main{flex:1;display:flex;justify-content:center;align-items:flex-start;padding:32px 16px 48px}
.card{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 8px 28px rgba(11,42,74,.12);padding:28px 24px}
h1{font-size:24px;line-height:1.25;margin:0 0 8px}
.lead{margin:0 0 20px;color:#46586e}
.field{margin:0 0 16px}
label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
input[type=text],input[type=password]{width:100%;font:inherit;padding:12px 14px;border:1px solid #9fb0c4;border-radius:10px;background:#fff;color:inherit;min-height:48px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
input[aria-invalid=true]{border-color:#c4281c}
.error{display:flex;gap:8px;align-items:flex-start;background:#fdecea;color:#8a1c12;border-radius:10px;padding:12px 14px;margin:0 0 16px;font-size:15px}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:8px}
.button{display:block;width:100%;min-height:48px;font:inherit;font-weight:600;border-radius:10px;padding:12px 16px;cursor:pointer;text-align:center;text-decoration:none;border:0}
.button--primary{background:#0b5cad;color:#fff}
.button--primary:hover{background:#094c8f}
.button--secondary{background:#e3eaf3;color:#0b2a4a}
.button--secondary:hover{background:#d3deeb}
.hint{margin:20px 0 0;padding:12px 14px;border:1px dashed #9fb0c4;border-radius:10px;font-size:14px;color:#46586e}
.hint code{font-family:ui-monospace,Menlo,Consolas,monospace;background:#eef2f7;padding:1px 5px;border-radius:4px;color:#0f1d2e}
.data{list-style:none;margin:0 0 20px;padding:0;border:1px solid #dbe3ec;border-radius:12px}
.data li{padding:12px 14px;border-top:1px solid #dbe3ec}
.data li:first-child{border-top:0}
.data__label{display:block;font-size:13px;color:#46586e}
.data__value{display:block;font-weight:600;overflow-wrap:anywhere}
.who{margin:0 0 16px;font-size:15px;color:#46586e}
.fine{margin:16px 0 0;font-size:13px;color:#5b6b7e}
footer{text-align:center;font-size:13px;color:#5b6b7e;padding:0 16px 24px}
@media (max-width:479px){.bank-top__note{display:none}.bank-top__name{font-size:16px}main{padding:20px 12px 32px}.card{padding:24px 20px}h1{font-size:22px}}
@media (min-width:720px){.card{padding:36px 40px}.actions{flex-direction:row-reverse}.actions form{flex:1}}
`;

const LOGO = `<svg class="bank-logo" viewBox="0 0 36 36" aria-hidden="true" focusable="false"><rect width="36" height="36" rx="9" fill="#f2a900"/><path d="M10 26V12.5L18 8l8 4.5V26h-4v-9h-8v9z" fill="#0b2a4a"/></svg>`;

function layout(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} — ${BANK_NAME}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<header class="bank-top"><div class="bank-top__inner">${LOGO}<span class="bank-top__name">${BANK_NAME}</span><span class="bank-top__note">Демонстрационный стенд</span></div></header>
<main>${body}</main>
<footer>Это учебный банк для проверки входа в магазин. Настоящие данные здесь не нужны.</footer>
</body>
</html>`;
}

const DEMO_HINT = `<p class="hint">Демо-доступ: логины <code>ivanova</code>, <code>petrov</code>, <code>smirnova</code>, <code>kuznetsov</code>, пароль у всех <code>demo1234</code>.</p>`;

export function renderBankLogin(
  nonce: string,
  input: { action: string; abortAction: string; clientName: string; login?: string; error?: string },
): string {
  const error = input.error
    ? `<div class="error" role="alert" id="login-error">${escapeHtml(input.error)}</div>`
    : "";
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="login-error"' : "";
  return layout(
    nonce,
    "Вход",
    `<div class="card">
<h1>Вход в интернет-банк</h1>
<p class="lead">Магазин «${escapeHtml(input.clientName)}» просит подтвердить, кто вы. Войдите в интернет-банк — пароль останется у банка, магазин его не узнает.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<div class="field"><label for="login">Логин</label><input type="text" id="login" name="login" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="${escapeHtml(input.login ?? "")}"${input.error ? invalid : " autofocus"}></div>
<div class="field"><label for="password">Пароль</label><input type="password" id="password" name="password" autocomplete="current-password" required maxlength="128"${input.error ? `${invalid} autofocus` : ""}></div>
<div class="actions"><button class="button button--primary" type="submit">Войти</button></div>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}"><div class="actions"><button class="button button--secondary" type="submit">Отменить и вернуться в магазин</button></div></form>
${DEMO_HINT}
</div>`,
  );
}

const SCOPE_ITEMS: Record<string, (c: BankCustomer) => { label: string; value: string }> = {
  profile: (c) => ({ label: "ФИО", value: `${c.surname} ${c.name} ${c.patronymic}` }),
  phone: (c) => ({ label: "Телефон", value: formatPhone(c.phone) }),
  email: (c) => ({ label: "Email", value: c.email }),
};

/** +79161234567 → +7 916 123-45-67 */
function formatPhone(phone: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 ${m[1]} ${m[2]}-${m[3]}-${m[4]}` : phone;
}

export function renderBankConsent(
  nonce: string,
  input: { action: string; denyAction: string; clientName: string; customer: BankCustomer; scopes: string[] },
): string {
  const items = ["profile", "phone", "email"]
    .filter((scope) => input.scopes.includes(scope))
    .map((scope) => SCOPE_ITEMS[scope]!(input.customer))
    .map(
      ({ label, value }) =>
        `<li><span class="data__label">${label}</span><span class="data__value">${escapeHtml(value)}</span></li>`,
    )
    .join("");
  return layout(
    nonce,
    "Доступ к данным",
    `<div class="card">
<h1>Передать данные магазину?</h1>
<p class="who">Вы вошли как ${escapeHtml(input.customer.name)} ${escapeHtml(input.customer.surname.slice(0, 1))}.</p>
<p class="lead">Магазин «${escapeHtml(input.clientName)}» просит доступ к вашим данным:</p>
<ul class="data">${items}</ul>
<div class="actions">
<form method="post" action="${escapeHtml(input.action)}"><button class="button button--primary" type="submit" autofocus>Разрешить</button></form>
<form method="post" action="${escapeHtml(input.denyAction)}"><button class="button button--secondary" type="submit">Отказаться</button></form>
</div>
<p class="fine">Магазин получит только эти данные. Пароль и сведения о счетах банк не передаёт.</p>
</div>`,
  );
}

export function renderBankError(nonce: string, detail?: string): string {
  return layout(
    nonce,
    "Ошибка",
    `<div class="card">
<h1>Не получилось продолжить</h1>
<p class="lead" role="alert">Страница входа устарела или запрос к банку неверен. Вернитесь в магазин и начните вход заново.</p>
${detail ? `<p class="fine">Подробности: ${escapeHtml(detail)}</p>` : ""}
<div class="actions"><a class="button button--primary" href="/">Вернуться в магазин</a></div>
</div>`,
  );
}
