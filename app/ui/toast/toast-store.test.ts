import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dismissToast,
  showToast,
  TOAST_DURATION_MS,
  TOAST_SPEED_MS,
  TOAST_WIDTH,
  TOAST_Z_INDEX,
  ToastStore,
  toastStore,
} from "./toast-store.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("constants", () => {
  it("match the spec", () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(TOAST_SPEED_MS).toBe(300);
    expect(TOAST_WIDTH).toBe(300);
    expect(TOAST_Z_INDEX).toBe(5000);
  });
});

describe("ToastStore", () => {
  it("fills in the defaults and returns the id", () => {
    const store = new ToastStore();
    const id = store.show({ title: "Товар добавлен в корзину" });
    expect(store.getSnapshot()).toEqual([
      {
        id,
        title: "Товар добавлен в корзину",
        text: undefined,
        type: "default",
        group: undefined,
        duration: 3000,
        speed: 300,
        data: undefined,
        leaving: false,
      },
    ]);
    expect(store.stateOf(id)).toBe("idle");
  });

  it("keeps the given options", () => {
    const store = new ToastStore();
    const id = store.show({
      title: "Ошибка",
      text: "Попробуйте ещё раз",
      type: "error",
      group: "basket",
      duration: 1000,
      speed: 100,
      data: { sku: 42 },
    });
    expect(store.get(id)).toMatchObject({
      text: "Попробуйте ещё раз",
      type: "error",
      group: "basket",
      duration: 1000,
      speed: 100,
      data: { sku: 42 },
    });
  });

  it("gives every toast its own id and keeps them in order", () => {
    const store = new ToastStore();
    const a = store.show({ title: "a" });
    const b = store.show({ title: "b" });
    expect(a).not.toBe(b);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([a, b]);
  });

  it("is destroyed exactly at duration + 2 × speed, not before", () => {
    const store = new ToastStore();
    const id = store.show({ title: "Готово" });
    vi.advanceTimersByTime(TOAST_DURATION_MS + 2 * TOAST_SPEED_MS - 1);
    expect(store.get(id)).toBeDefined();
    expect(store.stateOf(id)).toBe("idle");
    vi.advanceTimersByTime(1);
    expect(store.get(id)).toBeUndefined();
    expect(store.stateOf(id)).toBe("destroyed");
    expect(store.getSnapshot()).toEqual([]);
  });

  it("uses each toast's own duration and speed", () => {
    const store = new ToastStore();
    const id = store.show({ title: "Быстро", duration: 1000, speed: 100 });
    vi.advanceTimersByTime(1199);
    expect(store.get(id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(store.get(id)).toBeUndefined();
  });

  it("starts leaving after enter + duration, one speed before it is destroyed", () => {
    const store = new ToastStore();
    const id = store.show({ title: "Готово" });
    vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_SPEED_MS - 1);
    expect(store.get(id)?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.get(id)?.leaving).toBe(true);
  });

  it("replaces the toast of the same group, and only that one", () => {
    const store = new ToastStore();
    const first = store.show({ title: "Добавлено: 1", group: "basket" });
    const other = store.show({ title: "Другое", group: "wishlist" });
    const plain = store.show({ title: "Без группы" });
    const second = store.show({ title: "Добавлено: 2", group: "basket" });
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([other, plain, second]);
    expect(store.stateOf(first)).toBe("destroyed");
  });

  it("does not let a replaced toast's timers touch the store later", () => {
    const store = new ToastStore();
    store.show({ title: "1", group: "g" });
    vi.advanceTimersByTime(2000);
    const second = store.show({ title: "2", group: "g" });
    const listener = vi.fn();
    store.subscribe(listener);
    vi.advanceTimersByTime(1600); // the first toast's end: nothing happens
    expect(listener).not.toHaveBeenCalled();
    expect(store.get(second)?.leaving).toBe(false);
  });

  it("dismiss plays the leave transition, then destroys after speed", () => {
    const store = new ToastStore();
    const id = store.show({ title: "Готово" });
    vi.advanceTimersByTime(500);
    store.dismiss(id);
    expect(store.get(id)?.leaving).toBe(true);
    vi.advanceTimersByTime(TOAST_SPEED_MS - 1);
    expect(store.get(id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(store.stateOf(id)).toBe("destroyed");
    expect(vi.getTimerCount()).toBe(0); // the auto-destroy timers were cancelled
  });

  it("ignores dismissing an unknown or already leaving toast", () => {
    const store = new ToastStore();
    const id = store.show({ title: "Готово" });
    store.dismiss("toast-999");
    store.dismiss(id);
    vi.advanceTimersByTime(200);
    store.dismiss(id); // must not restart the leave timer
    vi.advanceTimersByTime(100);
    expect(store.get(id)).toBeUndefined();
  });

  it("knows no state for ids it never issued", () => {
    const store = new ToastStore();
    store.show({ title: "a" });
    expect(store.stateOf("toast-2")).toBeUndefined();
    expect(store.stateOf("nope")).toBeUndefined();
  });

  it("notifies with a new immutable snapshot on each change", () => {
    const store = new ToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.show({ title: "a" });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    expect(before).toEqual([]);
  });

  it("clear removes everything and stops the timers", () => {
    const store = new ToastStore();
    store.show({ title: "a" });
    store.show({ title: "b" });
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("pause and resume", () => {
  const leaveAt = TOAST_DURATION_MS + TOAST_SPEED_MS;

  it("holds a toast while paused and resumes with the time it had left", () => {
    const store = new ToastStore();
    const id = store.show({ title: "Товар добавлен в корзину" });
    vi.advanceTimersByTime(1000);
    store.pause("hover");
    expect(store.isPaused).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(store.get(id)?.leaving).toBe(false);
    store.resume("hover");
    expect(store.isPaused).toBe(false);
    vi.advanceTimersByTime(leaveAt - 1000 - 1);
    expect(store.get(id)?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.get(id)?.leaving).toBe(true);
    vi.advanceTimersByTime(TOAST_SPEED_MS);
    expect(store.stateOf(id)).toBe("destroyed");
  });

  it("stays paused until every reason is lifted (hover and focus)", () => {
    const store = new ToastStore();
    const id = store.show({ title: "a" });
    store.pause("hover");
    store.pause("focus");
    store.resume("hover");
    vi.advanceTimersByTime(10 * leaveAt);
    expect(store.get(id)?.leaving).toBe(false);
    store.resume("focus");
    vi.advanceTimersByTime(leaveAt);
    expect(store.get(id)?.leaving).toBe(true);
  });

  it("counts a repeated pause or resume of one reason once", () => {
    const store = new ToastStore();
    const id = store.show({ title: "a" });
    store.pause("hover");
    store.pause("hover");
    store.resume("hover");
    expect(store.isPaused).toBe(false);
    store.resume("hover"); // a stray leave event restarts nothing
    vi.advanceTimersByTime(leaveAt);
    expect(store.get(id)?.leaving).toBe(true);
    expect(vi.getTimerCount()).toBe(1); // only the removal after the leave transition
  });

  it("keeps the remaining time across several pauses", () => {
    const store = new ToastStore();
    const id = store.show({ title: "a" });
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(1000);
      store.pause("focus");
      vi.advanceTimersByTime(5000);
      store.resume("focus");
    }
    vi.advanceTimersByTime(leaveAt - 3000 - 1);
    expect(store.get(id)?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.get(id)?.leaving).toBe(true);
  });

  it("a toast shown during a pause waits too, then gets its full time", () => {
    const store = new ToastStore();
    store.pause("hover");
    const id = store.show({ title: "Новое" });
    vi.advanceTimersByTime(10 * leaveAt);
    expect(store.get(id)?.leaving).toBe(false);
    store.resume("hover");
    vi.advanceTimersByTime(leaveAt - 1);
    expect(store.get(id)?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.get(id)?.leaving).toBe(true);
  });

  it("does not hold back a toast that is already leaving, and dismiss works while paused", () => {
    const store = new ToastStore();
    const leaving = store.show({ title: "Уходит" });
    vi.advanceTimersByTime(leaveAt);
    const other = store.show({ title: "Другое" });
    store.pause("hover");
    vi.advanceTimersByTime(TOAST_SPEED_MS);
    expect(store.stateOf(leaving)).toBe("destroyed");
    store.dismiss(other);
    vi.advanceTimersByTime(TOAST_SPEED_MS);
    expect(store.stateOf(other)).toBe("destroyed");
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("showToast / dismissToast", () => {
  it("work on the app-wide store", () => {
    const id = showToast({ title: "Глобально", type: "success" });
    expect(toastStore.get(id)?.type).toBe("success");
    dismissToast(id);
    vi.advanceTimersByTime(TOAST_SPEED_MS);
    expect(toastStore.stateOf(id)).toBe("destroyed");
  });
});
