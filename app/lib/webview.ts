import { WEBVIEW_COOKIE, WEBVIEW_UA_MARKER } from "#contract/webview.ts";

/** Whether the request comes from the app's webview; the query flag is remembered in a session cookie. */
export function detectWebview(request: Request): { webview: boolean; setCookie: string | undefined } {
  const url = new URL(request.url);
  const flag = url.searchParams.get("webview");
  if (flag === "1") return { webview: true, setCookie: `${WEBVIEW_COOKIE}=1; Path=/; SameSite=Lax` };
  if (flag === "0")
    return { webview: false, setCookie: `${WEBVIEW_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` };
  const ua = request.headers.get("user-agent") ?? "";
  const cookie = request.headers.get("cookie") ?? "";
  return {
    webview: WEBVIEW_UA_MARKER.test(ua) || new RegExp(`(?:^|;\\s*)${WEBVIEW_COOKIE}=1(?:;|$)`).test(cookie),
    setCookie: undefined,
  };
}
