/**
 * What a key pressed in an editable combobox with a listbox popup does (WAI-ARIA APG, combobox pattern,
 * "list autocomplete"). Pure, so the keyboard contract is tested without a browser.
 *
 * - ArrowDown / ArrowUp: with the list open, move the active option, wrapping at both ends (from none,
 *   Down goes to the first and Up to the last); with it closed, open it. Alt+Down opens, Alt+Up closes.
 * - Home / End: the field is editable, so they belong to the text (APG: "returns focus to the combobox and
 *   places the cursor on the first / last character"): an active option is let go and the caret moves.
 * - Enter: chooses the active option; with none active it is the owner's (submit the search, best match).
 * - Escape: closes an open list; with the list closed, clears the field.
 */
export type ComboboxCommand =
  | { type: "open" }
  | { type: "close" }
  | { type: "activate"; index: number }
  /** Let the active option go and leave the key to the browser (caret movement). */
  | { type: "release" }
  | { type: "select"; index: number }
  | { type: "clear" };

export interface ComboboxKeyState {
  open: boolean;
  /** The active option's index, -1 for none. */
  active: number;
  /** How many options the list shows. */
  count: number;
  /** Whether the field has text (Escape on a closed list clears it). */
  hasText: boolean;
}

export interface ComboboxKey {
  key: string;
  altKey?: boolean;
}

/** The command for `key` in `state`, or null when the key is not the combobox's (typing, Tab, …). */
export function comboboxCommand(
  { key, altKey = false }: ComboboxKey,
  state: ComboboxKeyState,
): ComboboxCommand | null {
  const { open, active, count, hasText } = state;
  const inList = open && active >= 0 && active < count;
  switch (key) {
    case "ArrowDown":
      if (!open || altKey) return open ? null : { type: "open" };
      if (count === 0) return null;
      return { type: "activate", index: active < 0 || active >= count - 1 ? 0 : active + 1 };
    case "ArrowUp":
      if (altKey) return open ? { type: "close" } : null;
      if (!open) return { type: "open" };
      if (count === 0) return null;
      return { type: "activate", index: active <= 0 || active >= count ? count - 1 : active - 1 };
    case "Home":
    case "End":
      return inList ? { type: "release" } : null;
    case "Enter":
      return inList ? { type: "select", index: active } : null;
    case "Escape":
      if (open) return { type: "close" };
      return hasText ? { type: "clear" } : null;
    default:
      return null;
  }
}
