/**
 * The corpus of hostile input shared by the API and page fuzz suites (issue 10): what an attacker, a
 * broken client or a mangled link sends where the server expects a sane value.
 */

export interface HostileValue {
  /** Shown when a case fails. */
  name: string;
  /** As it goes into a URL, already percent-encoded (malformed encodings are kept as they are). */
  url: string;
}

const huge = "a".repeat(10_000);

/** Plain strings; each is percent-encoded for the URL, so the server decodes exactly this text. */
const TEXT: [string, string][] = [
  ["empty", ""],
  ["space", " "],
  ["huge", huge],
  ["huge cyrillic", "ж".repeat(10_000)],
  ["negative", "-1"],
  ["zero", "0"],
  ["minus zero", "-0"],
  ["NaN", "NaN"],
  ["Infinity", "Infinity"],
  ["1e308", "1e308"],
  ["1e309", "1e309"],
  ["-1e308", "-1e308"],
  ["hex", "0x10"],
  ["exponent", "1e3"],
  ["fraction", "1.5"],
  ["beyond int64", "99999999999999999999999"],
  ["int32 + 1", "2147483648"],
  ["plus sign", "+1"],
  ["underscore", "1_000"],
  ["true", "true"],
  ["null", "null"],
  ["undefined", "undefined"],
  ["NUL", "\u0000"],
  ["NUL inside", "a\u0000b"],
  ["control chars", "\u0001\u0007\u0008\u001b[31m\u007f"],
  ["CRLF injection", "x\r\nSet-Cookie: a=b"],
  ["tab and newline", "a\tb\nc"],
  ["traversal", "../../etc/passwd"],
  ["traversal windows", "..\\..\\windows\\win.ini"],
  ["absolute path", "/etc/passwd"],
  ["protocol-relative", "//evil.example/x"],
  ["javascript url", "javascript:alert(1)"],
  ["sql quote", "' OR '1'='1"],
  ["sql comment", "1; DROP TABLE products; --"],
  ["sql union", "1 UNION SELECT password FROM users"],
  ["sql cast", "1::text"],
  ["like wildcards", "%_%\\"],
  ["tsquery syntax", "!&|:*()<->"],
  ["regex bomb", "(a+)+$[[[["],
  ["nosql operator", '{"$gt":""}'],
  ["nosql where", "'; return true; var x='"],
  ["json", '{"a":[1,2,{"b":null}]}'],
  ["html", "<script>alert(1)</script>"],
  ["html attribute", '"><img src=x onerror=alert(1)>'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally.
  ["template", "${7*7}{{7*7}}#{7*7}"],
  ["format string", "%s%n%x%d"],
  ["rtl override", "\u202egnp.exe"],
  ["zero width", "a\u200b\u200c\u200d\ufeffb"],
  ["emoji", "🛒👩‍👩‍👧‍👦🇷🇺"],
  ["combining marks", "Z̷̢̛͇̗a̶̡͎͆l̵̳̊g̸̱͝o̴̜͝"],
  ["replacement char", "\ufffd"],
  ["noncharacter", "\uffff\ufffe"],
  ["astral", "\u{10ffff}"],
  ["mixed scripts", "iРhоnе"],
  ["comma list", ",,,a,,b,"],
  ["many commas", ",".repeat(5_000)],
  ["percent", "50%"],
  ["percent sign alone", "%"],
  ["plus", "a+b"],
  ["ampersand and equals", "a&b=c"],
  ["hash and question", "a#b?c"],
  ["slashes", "a/b/c"],
  ["backslash", "a\\b"],
];

/** Already-encoded forms an encoder would never produce: a decoder must refuse or keep them, never crash. */
const RAW: [string, string][] = [
  ["raw %00", "%00"],
  ["raw %00 inside", "a%00b"],
  ["raw %", "%"],
  ["raw trailing %", "abc%"],
  ["raw %Z", "%Z"],
  ["raw %ZZ", "%ZZ"],
  ["raw %25 (percent)", "50%25"],
  ["raw double-encoded percent", "50%2525"],
  ["raw encoded traversal", "%2e%2e%2f%2e%2e%2fetc%2fpasswd"],
  ["raw double-encoded traversal", "%252e%252e%252f"],
  ["raw overlong slash", "%c0%af"],
  ["raw overlong NUL", "%c0%80"],
  ["raw lone high surrogate", "%ED%A0%80"],
  ["raw lone low surrogate", "%ED%B0%80"],
  ["raw invalid byte", "%FF%FE"],
  ["raw truncated sequence", "%E2%82"],
  ["raw control", "%01%1B%7F"],
  ["raw CRLF", "%0D%0A"],
  ["raw plus", "+"],
  ["raw unicode escape", "%u0000"],
];

/**
 * Values for one URL parameter (path segment or query value). Lone surrogates cannot be percent-encoded
 * (encodeURIComponent throws), so they come in raw, as the invalid UTF-8 a client would send.
 */
export const HOSTILE_URL_VALUES: readonly HostileValue[] = [
  ...TEXT.map(([name, text]) => ({ name, url: encodeURIComponent(text) })),
  ...RAW.map(([name, url]) => ({ name, url })),
];

/** A smaller corpus for places where every value costs a full render (pages, extra parameters). */
export const HOSTILE_URL_SAMPLE: readonly HostileValue[] = HOSTILE_URL_VALUES.filter((v) =>
  [
    "empty",
    "huge",
    "negative",
    "NaN",
    "1e308",
    "hex",
    "exponent",
    "NUL",
    "control chars",
    "CRLF injection",
    "traversal",
    "sql quote",
    "html",
    "rtl override",
    "emoji",
    "percent",
    "raw %00",
    "raw %",
    "raw %ZZ",
    "raw %25 (percent)",
    "raw encoded traversal",
    "raw double-encoded traversal",
    "raw overlong slash",
    "raw lone high surrogate",
    "raw invalid byte",
    "raw control",
  ].includes(v.name),
);

/** Values for one JSON body field: every string above, plus every other JSON type where one is expected. */
export const HOSTILE_JSON_VALUES: readonly { name: string; value: unknown }[] = [
  ...TEXT.map(([name, value]) => ({ name, value })),
  { name: "lone surrogate", value: "\ud800" },
  { name: "null value", value: null },
  { name: "boolean", value: true },
  { name: "number", value: 1 },
  { name: "negative number", value: -1 },
  { name: "float", value: 1.5 },
  { name: "1e308 number", value: 1e308 },
  { name: "array", value: ["a", "b"] },
  { name: "empty array", value: [] },
  { name: "array of NUL", value: ["\u0000"] },
  { name: "object", value: { a: 1 } },
  { name: "nosql operator object", value: { $gt: "" } },
  { name: "huge array", value: Array.from({ length: 10_000 }, () => "a") },
];

/** Whole bodies that are not the JSON an operation takes: raw text, sent with a JSON content type. */
export const MALFORMED_JSON_BODIES: readonly { name: string; body: string }[] = [
  { name: "empty body", body: "" },
  { name: "truncated", body: '{"query":' },
  { name: "not json", body: "hello" },
  { name: "single quotes", body: "{'query':'x'}" },
  { name: "trailing comma", body: '{"query":"x",}' },
  { name: "json null", body: "null" },
  { name: "json string", body: '"x"' },
  { name: "json number", body: "42" },
  { name: "json array", body: "[]" },
  { name: "empty object", body: "{}" },
  { name: "BOM", body: '\ufeff{"query":"x"}' },
  { name: "NUL escape", body: '{"query":"\\u0000"}' },
  { name: "lone surrogate escape", body: '{"query":"\\ud800"}' },
  { name: "proto pollution", body: '{"__proto__":{"polluted":true},"query":"x"}' },
  { name: "constructor pollution", body: '{"constructor":{"prototype":{"polluted":true}}}' },
  { name: "duplicate keys", body: '{"query":"a","query":{"$ne":null}}' },
  { name: "deep nesting", body: `${"[".repeat(5_000)}${"]".repeat(5_000)}` },
  { name: "unknown fields", body: '{"zzz":1,"isAdmin":true}' },
  { name: "huge number", body: '{"query":1e99999}' },
];

/** Content types a JSON operation does not take. */
export const WRONG_CONTENT_TYPES: readonly string[] = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
];

/** Every method a client may send; the ones a path does not define must answer 405. */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * What must never reach a client: stack frames, source paths, database and driver error text, and
 * JavaScript error names. Matched against every response body of a fuzz run.
 */
const INTERNAL_DETAIL: [string, RegExp][] = [
  ["stack frame", /\n\s+at [\w.<>[\]]+ \(|^\s{4}at /m],
  ["source path", /\/work\/|node_modules|\/home\/|\/usr\/|file:\/\//],
  ["source file", /\b[\w-]+\.(?:ts|tsx|mjs|cjs):\d+/],
  ["SQL error", /syntax error at or near|relation "|column "|invalid byte sequence|violates .* constraint/i],
  ["failed query", /Failed query|params: /],
  ["driver error", /\b(?:DatabaseError|PostgresError|PGlite|ECONNREFUSED|DrizzleQueryError)\b/],
  ["JavaScript error", /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|URIError|InternalError)\b/],
  ["zod internals", /"code":\s*"invalid_type".*"expected"|ZodError/],
];

/** The first kind of internal detail found in a response body, if any. */
export function internalDetailIn(body: string): string | undefined {
  for (const [kind, pattern] of INTERNAL_DETAIL) {
    const match = pattern.exec(body);
    if (match) return `${kind}: ${JSON.stringify(match[0].slice(0, 80))}`;
  }
  return undefined;
}
