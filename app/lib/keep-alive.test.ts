import { describe, expect, it } from "vitest";
import { KEPT_VALUES, KeptStates } from "./keep-alive.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

describe("KeptStates: a keepAlive screen's state per history entry", () => {
  it("gives back what was kept for the same entry and name only", () => {
    const states = new KeptStates(memoryStorage());
    states.set("entry-1", "listing-pages", [2, 3]);
    states.set("entry-1", "draft", { text: "чайник" });
    expect(states.get("entry-1", "listing-pages")).toEqual([2, 3]);
    expect(states.get("entry-1", "draft")).toEqual({ text: "чайник" });
    expect(states.get("entry-2", "listing-pages")).toBeUndefined();
    states.set("entry-1", "listing-pages", undefined);
    expect(states.get("entry-1", "listing-pages")).toBeUndefined();
  });

  it("keeps the newest values, forgetting the oldest first", () => {
    const storage = memoryStorage();
    const states = new KeptStates(storage);
    for (let i = 0; i < KEPT_VALUES + 5; i++) states.set(`entry-${i}`, "pages", [i + 2]);
    expect(states.get("entry-0", "pages")).toBeUndefined();
    expect(states.get("entry-4", "pages")).toBeUndefined();
    expect(states.get("entry-5", "pages")).toEqual([7]);
    // Touching an old value makes it the newest.
    states.set("entry-5", "pages", [8]);
    states.set("entry-new", "pages", [2]);
    expect(states.get("entry-5", "pages")).toEqual([8]);
    expect(Object.keys(JSON.parse(storage.items.get("vitrina:kept-state")!))).toHaveLength(KEPT_VALUES);
  });

  it("starts afresh over broken or missing storage, and never throws", () => {
    const storage = memoryStorage();
    storage.items.set("vitrina:kept-state", "{not json");
    expect(new KeptStates(storage).get("e", "n")).toBeUndefined();
    storage.items.set("vitrina:kept-state", "[1,2]");
    expect(new KeptStates(storage).get("0", "n")).toBeUndefined();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => new KeptStates(full).set("e", "n", [2])).not.toThrow();
    expect(new KeptStates(undefined).get("e", "n")).toBeUndefined();
  });
});
