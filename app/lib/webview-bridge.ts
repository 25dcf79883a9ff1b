/**
 * The bridge between the storefront and the Vitrina mobile app that opens it in a webview (detection is
 * in `webview.ts`; the protocol and its reasons in docs/decisions/007-webview-bridge.md). Every call is
 * safe in a plain browser: sending answers false, so the caller falls back to ordinary web behaviour.
 */

/** Messages the page sends to the app. `source` lets the app ignore scripts that are not ours. */
export type WebMessage =
  | { type: "ready" }
  | { type: "navigate"; url: string }
  | { type: "close" }
  | { type: "share"; url: string; title: string }
  | { type: "auth-required"; redirectTo: string }
  | { type: "payment-result"; status: "success" | "fail"; orderId?: string }
  | { type: "basket-count"; count: number }
  | { type: "open-external"; url: string };

export const WEB_SOURCE = "vitrina-web";
export const NATIVE_SOURCE = "vitrina-app";

/** Messages the app sends to the page. */
export type NativeMessage = { type: "back" } | { type: "refresh" } | { type: "auth-token"; token: string };

/** The channels the app's shells inject: React Native, iOS WKWebView, the Android JavaScript interface. */
export interface BridgeWindow {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { vitrina?: { postMessage(message: unknown): void } } };
  VitrinaAndroid?: { postMessage(message: string): void };
}

const currentWindow = (): BridgeWindow => (typeof window === "undefined" ? {} : (window as BridgeWindow));

/** Whether the page runs inside the app with a channel to talk through. */
export function hasNativeBridge(win: BridgeWindow = currentWindow()): boolean {
  return !!(win.ReactNativeWebView || win.webkit?.messageHandlers?.vitrina || win.VitrinaAndroid);
}

/**
 * Sends a message to the app; false when there is no channel or it refused the message. React Native
 * and Android take strings; WKWebView serialises the object itself.
 */
export function postToNative(message: WebMessage, win: BridgeWindow = currentWindow()): boolean {
  const envelope = { source: WEB_SOURCE, ...message };
  try {
    if (win.ReactNativeWebView) {
      win.ReactNativeWebView.postMessage(JSON.stringify(envelope));
      return true;
    }
    const ios = win.webkit?.messageHandlers?.vitrina;
    if (ios) {
      ios.postMessage(envelope);
      return true;
    }
    if (win.VitrinaAndroid) {
      win.VitrinaAndroid.postMessage(JSON.stringify(envelope));
      return true;
    }
  } catch (error) {
    // A shell torn down mid-call: the web fallback is better than an exception in a click handler.
    console.warn("Не удалось отправить сообщение приложению", error);
  }
  return false;
}

/**
 * A native message from an event's data, or null for anything else: other scripts post messages too
 * (analytics, payment frames), and a string must be our JSON envelope to count.
 */
export function parseNativeMessage(data: unknown): NativeMessage | null {
  let value = data;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== "object" || value === null) return null;
  const { source, type, token } = value as Record<string, unknown>;
  if (source !== NATIVE_SOURCE) return null;
  if (type === "back" || type === "refresh") return { type };
  if (type === "auth-token" && typeof token === "string" && token !== "") return { type, token };
  return null;
}

/** The part of `window` incoming messages arrive on; tests pass a stub. */
export interface MessageTarget {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

/**
 * Calls `handler` for every valid message from the app; returns the unsubscribe function. The app
 * dispatches its messages into this window (event source null or the window itself); a message from
 * another frame, even a well-formed one, is ignored: an embedded frame must not hand us an auth token.
 */
export function onNativeMessage(
  handler: (message: NativeMessage) => void,
  target: MessageTarget = window,
): () => void {
  const listener = (event: MessageEvent) => {
    if (event.source !== null && event.source !== (target as unknown)) return;
    const message = parseNativeMessage(event.data);
    if (message) handler(message);
  };
  target.addEventListener("message", listener);
  return () => target.removeEventListener("message", listener);
}
