/** The mobile app opens the storefront with this user-agent marker, or with ?webview=1 on the first URL. */
export const WEBVIEW_UA_MARKER = /\bVitrinaApp\/\d/;
/** Session cookie remembering the ?webview=1 flag. */
export const WEBVIEW_COOKIE = "webview";
