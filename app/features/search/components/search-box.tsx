import { useId } from "react";
import { Form } from "react-router";
import { SearchIcon } from "#app/ui/icons.tsx";

/** The catalogue search field: the header's compact one, or the phone search screen's large one. */
export function SearchBox({
  variant = "header",
  autoFocus = false,
}: {
  variant?: "header" | "page";
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <Form
      action="/search/"
      method="get"
      role="search"
      className={`search-field${variant === "page" ? " search-field--page" : ""}`}
    >
      <label htmlFor={id} className="visually-hidden">
        Поиск по Витрине
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Искать товары и бренды"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        // The phone search screen exists to type into.
        // biome-ignore lint/a11y/noAutofocus: the screen is opened only to search
        autoFocus={autoFocus}
      />
      <button type="submit" className="search-field__submit" aria-label="Найти">
        <SearchIcon size={20} />
      </button>
    </Form>
  );
}
