import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { comboboxCommand } from "./combobox-keys.ts";

export interface UseComboboxOptions<T> {
  /** The options the list shows now (empty while there are none). */
  options: readonly T[];
  /** A stable key per option: the active option survives a refetch that keeps it. */
  getKey: (option: T) => string;
  /** Whether the list is shown; the owner keeps this state (it also opens on focus, typing, …). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Enter on the active option, or a click on an option. */
  onSelect: (option: T, index: number) => void;
  /** Escape with the list already closed. */
  onClear: () => void;
  /** The field's text: Escape clears only a field that has some. */
  value: string;
  /**
   * The base of the list's and options' ids, where they must not follow the tree's shape (`useId`): a
   * personal part's field (ADR 074).
   */
  id?: string | undefined;
}

/**
 * One combobox behaviour (WAI-ARIA 1.2 pattern, editable, list autocomplete) for every search field with
 * suggestions. Focus stays in the field; the active option is conveyed with `aria-activedescendant` and
 * follows the keyboard (see combobox-keys.ts) and the mouse. Spread `inputProps` on an `<input type="text">`
 * (a search input cannot take the combobox role), `listboxId` on the list (role listbox) and `optionProps(i)` on each
 * option; the owner draws them.
 */
export function useCombobox<T>({
  options,
  getKey,
  open,
  onOpenChange,
  onSelect,
  onClear,
  value,
  id: givenId,
}: UseComboboxOptions<T>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // Only a keyboard move scrolls the list: scrolling under a hovering pointer would make it jump.
  const movedByKey = useRef(false);

  const found = activeKey === null ? -1 : options.findIndex((option) => getKey(option) === activeKey);
  const active = open ? found : -1;
  const expanded = open && options.length > 0;

  const setActive = (index: number) => {
    const option = options[index];
    setActiveKey(option === undefined ? null : getKey(option));
  };

  // The option the keyboard moves to is brought into view (the list may scroll).
  useEffect(() => {
    if (!movedByKey.current || active < 0) return;
    movedByKey.current = false;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const select = (index: number) => {
    const option = options[index];
    if (option === undefined) return;
    setActiveKey(null);
    onSelect(option, index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const command = comboboxCommand(event, { open, active, count: options.length, hasText: value !== "" });
    if (command === null) return;
    if (command.type === "release") {
      // The browser still moves the caret: no preventDefault.
      setActiveKey(null);
      return;
    }
    event.preventDefault();
    switch (command.type) {
      case "open":
        onOpenChange(true);
        break;
      case "close":
        setActiveKey(null);
        onOpenChange(false);
        break;
      case "activate":
        movedByKey.current = true;
        setActive(command.index);
        break;
      case "select":
        select(command.index);
        break;
      case "clear":
        setActiveKey(null);
        onClear();
        break;
    }
  };

  return {
    /** The active option's index, -1 for none. */
    active,
    expanded,
    /** Forget the active option (call when the text changes). */
    reset: () => setActiveKey(null),
    inputProps: {
      role: "combobox",
      "aria-autocomplete": "list",
      "aria-expanded": expanded,
      "aria-controls": listboxId,
      "aria-activedescendant": active >= 0 ? optionId(active) : undefined,
      onKeyDown,
    } as const,
    /** The list's id; give the list `role="listbox"` and an accessible name. */
    listboxId,
    optionProps: (index: number) =>
      ({
        id: optionId(index),
        role: "option",
        "aria-selected": index === active,
        tabIndex: -1,
        // Keeps focus in the field, so a list that closes on blur is still there when the click lands.
        onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
        onClick: () => select(index),
        // Hover moves the active option, as in a native list; a pointer resting still does nothing.
        onPointerMove: () => {
          if (index !== active) setActive(index);
        },
      }) as const,
  };
}
