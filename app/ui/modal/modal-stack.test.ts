import { describe, expect, it, vi } from "vitest";
import { backdropZIndex, ModalStack, modalZIndex } from "./modal-stack.ts";

describe("modal z-index", () => {
  it("is 1000 + 2 × index, the backdrop one below", () => {
    expect([0, 1, 2].map(modalZIndex)).toEqual([1000, 1002, 1004]);
    expect([0, 1, 2].map(backdropZIndex)).toEqual([999, 1001, 1003]);
  });
});

describe("ModalStack", () => {
  it("stacks modals in opening order", () => {
    const stack = new ModalStack();
    stack.open("a");
    stack.open("b");
    stack.open("c");
    expect(["a", "b", "c"].map(stack.zIndexOf)).toEqual([1000, 1002, 1004]);
    expect(stack.isTop("c")).toBe(true);
    expect(stack.isTop("b")).toBe(false);
    expect(stack.size).toBe(3);
  });

  it("moves the ones above down when the middle one closes", () => {
    const stack = new ModalStack();
    stack.open("a");
    stack.open("b");
    stack.open("c");
    stack.close("b");
    expect(stack.getSnapshot()).toEqual(["a", "c"]);
    expect(stack.zIndexOf("a")).toBe(1000);
    expect(stack.zIndexOf("c")).toBe(1002);
    expect(stack.zIndexOf("b")).toBeUndefined();
    expect(stack.indexOf("b")).toBe(-1);
    expect(stack.isTop("c")).toBe(true);
  });

  it("makes the one below the top when the top closes", () => {
    const stack = new ModalStack();
    stack.open("a");
    stack.open("b");
    stack.close("b");
    expect(stack.isTop("a")).toBe(true);
    stack.close("a");
    expect(stack.isTop("a")).toBe(false);
    expect(stack.size).toBe(0);
  });

  it("ignores opening twice and closing what is not open", () => {
    const stack = new ModalStack();
    const listener = vi.fn();
    stack.subscribe(listener);
    stack.open("a");
    stack.open("a");
    stack.close("x");
    expect(stack.getSnapshot()).toEqual(["a"]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("replaces the snapshot on change, never mutates it", () => {
    const stack = new ModalStack();
    stack.open("a");
    const before = stack.getSnapshot();
    stack.open("b");
    expect(before).toEqual(["a"]);
    expect(stack.getSnapshot()).not.toBe(before);
  });
});
