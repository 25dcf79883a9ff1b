import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { Form, useNavigate } from "react-router";
import { formatPrice } from "#app/lib/format.ts";
import { useDebouncedValue } from "#app/lib/use-debounced-value.ts";
import { SearchIcon } from "#app/ui/icons.tsx";
import { suggestQuery } from "../api.ts";
import { nextActive, type SuggestOption, suggestOptions } from "../suggest-options.ts";

/**
 * The catalogue search field with suggestions as you type (queries, categories, brands, products with
 * thumbnails). An ARIA 1.2 combobox: focus stays in the field, arrows move through the options, Enter
 * opens the active one or searches for what was typed, Esc closes the list.
 */
export function SearchBox({
  variant = "header",
  autoFocus = false,
}: {
  variant?: "header" | "page";
  autoFocus?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), 150);
  const { data } = useQuery({ ...suggestQuery(query), enabled: open && query.length >= 2 });
  const options: SuggestOption[] = open && query.length >= 2 && data ? suggestOptions(data) : [];
  const expanded = options.length > 0;

  const choose = (option: SuggestOption) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === "query") setText(option.label);
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      // With the list open, Esc closes the list only; the browser would also clear a search field.
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (!expanded) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const key = event.key;
      setActive((i) => nextActive(i, options.length, key));
    } else if (event.key === "Enter" && active >= 0 && active < options.length) {
      event.preventDefault();
      choose(options[active]!);
    }
  };

  return (
    <Form
      action="/search/"
      method="get"
      role="search"
      className={`search-field${variant === "page" ? " search-field--page" : ""}`}
      onSubmit={(event) => {
        // An empty query has no results page to show.
        if (!text.trim()) event.preventDefault();
        setOpen(false);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Поиск по Витрине
      </label>
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={
          expanded && active >= 0 && active < options.length ? `${listId}-${active}` : undefined
        }
        placeholder="Искать товары и бренды"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        // biome-ignore lint/a11y/noAutofocus: the phone search screen is opened only to type a query
        autoFocus={autoFocus}
      />
      <button type="submit" className="search-field__submit" aria-label="Найти">
        <SearchIcon size={20} />
      </button>
      <div id={listId} role="listbox" aria-label="Подсказки" className="search-suggest" hidden={!expanded}>
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works from the combobox field (aria-activedescendant)
          <div
            key={option.key}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`search-suggest__option search-suggest__option--${option.kind}`}
            // Keeps focus in the field, so the list does not close before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.kind === "product" && option.image ? (
              <img src={option.image.url} width={30} height={40} alt="" loading="lazy" />
            ) : null}
            <span className="search-suggest__label">{option.label}</span>
            {option.hint ? <span className="search-suggest__hint">{option.hint}</span> : null}
            {option.kind === "product" && option.price !== undefined ? (
              <span className="search-suggest__price">{formatPrice(option.price)}</span>
            ) : null}
          </div>
        ))}
      </div>
    </Form>
  );
}
