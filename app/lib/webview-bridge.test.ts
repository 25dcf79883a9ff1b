import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type BridgeWindow,
  hasNativeBridge,
  type MessageTarget,
  type NativeMessage,
  onNativeMessage,
  parseNativeMessage,
  postToNative,
} from "./webview-bridge.ts";

describe("postToNative", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers false in a plain browser, so the caller does the web thing", () => {
    expect(hasNativeBridge({})).toBe(false);
    expect(postToNative({ type: "close" }, {})).toBe(false);
  });

  it("sends JSON through React Native's channel", () => {
    const postMessage = vi.fn();
    const win: BridgeWindow = { ReactNativeWebView: { postMessage } };
    expect(hasNativeBridge(win)).toBe(true);
    expect(
      postToNative({ type: "share", url: "https://vitrina.example/product/7", title: "Чайник" }, win),
    ).toBe(true);
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual({
      source: "vitrina-web",
      type: "share",
      url: "https://vitrina.example/product/7",
      title: "Чайник",
    });
  });

  it("tells the app the basket's count (ADR 038)", () => {
    const postMessage = vi.fn();
    expect(postToNative({ type: "basket-count", count: 3 }, { ReactNativeWebView: { postMessage } })).toBe(
      true,
    );
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual({
      source: "vitrina-web",
      type: "basket-count",
      count: 3,
    });
  });

  it("sends the object itself to iOS's message handler", () => {
    const postMessage = vi.fn();
    const win: BridgeWindow = { webkit: { messageHandlers: { vitrina: { postMessage } } } };
    expect(postToNative({ type: "payment-result", status: "success", orderId: "A-17" }, win)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({
      source: "vitrina-web",
      type: "payment-result",
      status: "success",
      orderId: "A-17",
    });
  });

  it("sends JSON through the Android interface", () => {
    const postMessage = vi.fn();
    expect(
      postToNative({ type: "auth-required", redirectTo: "/basket" }, { VitrinaAndroid: { postMessage } }),
    ).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      '{"source":"vitrina-web","type":"auth-required","redirectTo":"/basket"}',
    );
  });

  it("uses one channel only, React Native first", () => {
    const rn = vi.fn();
    const android = vi.fn();
    postToNative(
      { type: "ready" },
      { ReactNativeWebView: { postMessage: rn }, VitrinaAndroid: { postMessage: android } },
    );
    expect(rn).toHaveBeenCalledTimes(1);
    expect(android).not.toHaveBeenCalled();
  });

  it("answers false when the channel throws", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const win: BridgeWindow = {
      VitrinaAndroid: {
        postMessage: () => {
          throw new Error("bridge gone");
        },
      },
    };
    expect(postToNative({ type: "open-external", url: "https://bank.example" }, win)).toBe(false);
  });

  it("ignores an iOS webkit object without our handler", () => {
    expect(postToNative({ type: "close" }, { webkit: { messageHandlers: {} } })).toBe(false);
  });
});

describe("parseNativeMessage", () => {
  it("accepts our envelope as an object or as JSON", () => {
    expect(parseNativeMessage({ source: "vitrina-app", type: "back" })).toEqual({ type: "back" });
    expect(parseNativeMessage('{"source":"vitrina-app","type":"refresh","extra":1}')).toEqual({
      type: "refresh",
    });
    expect(parseNativeMessage({ source: "vitrina-app", type: "auth-token", token: "t0k" })).toEqual({
      type: "auth-token",
      token: "t0k",
    });
  });

  it("ignores everything else", () => {
    for (const data of [
      null,
      42,
      "not json",
      "{}",
      { type: "back" },
      { source: "someone-else", type: "back" },
      { source: "vitrina-app", type: "unknown" },
      { source: "vitrina-app", type: "auth-token" },
      { source: "vitrina-app", type: "auth-token", token: "" },
      { source: "vitrina-app", type: "auth-token", token: 5 },
    ]) {
      expect(parseNativeMessage(data)).toBeNull();
    }
  });
});

describe("onNativeMessage", () => {
  function windowStub() {
    const listeners = new Set<(event: MessageEvent) => void>();
    const target: MessageTarget & {
      dispatch(data: unknown, source?: unknown): void;
      listeners: typeof listeners;
    } = {
      listeners,
      addEventListener: (_, listener) => listeners.add(listener),
      removeEventListener: (_, listener) => listeners.delete(listener),
      dispatch(data, source = null) {
        for (const listener of listeners) listener({ data, source } as MessageEvent);
      },
    };
    return target;
  }

  it("hands valid messages from the app to the handler and stops on unsubscribe", () => {
    const win = windowStub();
    const received: NativeMessage[] = [];
    const off = onNativeMessage((message) => received.push(message), win);
    win.dispatch({ source: "vitrina-app", type: "back" });
    win.dispatch(JSON.stringify({ source: "vitrina-app", type: "auth-token", token: "abc" }), win);
    win.dispatch({ source: "analytics", type: "back" });
    expect(received).toEqual([{ type: "back" }, { type: "auth-token", token: "abc" }]);
    off();
    expect(win.listeners.size).toBe(0);
  });

  it("ignores well-formed messages posted by another frame", () => {
    const win = windowStub();
    const handler = vi.fn();
    onNativeMessage(handler, win);
    win.dispatch({ source: "vitrina-app", type: "auth-token", token: "stolen" }, { postMessage() {} });
    expect(handler).not.toHaveBeenCalled();
  });
});
