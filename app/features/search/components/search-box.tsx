import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { useDebouncedValue } from "#app/lib/use-debounced-value.ts";
import { useCombobox } from "#app/ui/combobox/use-combobox.ts";
import { SearchIcon } from "#app/ui/icons.tsx";
import { imageSrc } from "#app/ui/picture.tsx";
import { formatRub } from "#contract/format.ts";
import { suggestQuery } from "../api.ts";
import { searchFieldText } from "../search-field-text.ts";
import { SHOPPER_SEARCH_STATE } from "../shopper-search.ts";
import { type SuggestOption, suggestOptions } from "../suggest-options.ts";

/**
 * The catalogue search field with suggestions as you type (queries, categories, brands, products with
 * thumbnails). The shared combobox behaviour (app/ui/combobox): focus stays in the field, arrows move
 * through the options, Enter opens the active one or searches for what was typed, Esc closes the list and
 * then clears the field.
 */
export function SearchBox({
  variant = "header",
  autoFocus = false,
}: {
  variant?: "header" | "page";
  autoFocus?: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState(() => searchFieldText(location.pathname, location.search));
  const [open, setOpen] = useState(false);
  // Every navigation sets the field afresh: the query on a results page, empty elsewhere (the header's
  // field outlives the pages under it). Set while rendering, so the old text is never painted.
  const [shownAt, setShownAt] = useState(location.key);
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setText(searchFieldText(location.pathname, location.search));
    setOpen(false);
  }
  const query = useDebouncedValue(text.trim(), 150);
  const { data } = useQuery({ ...suggestQuery(query), enabled: open && query.length >= 2 });
  const options: SuggestOption[] = open && query.length >= 2 && data ? suggestOptions(data) : [];

  const combobox = useCombobox({
    options,
    getKey: (option) => option.key,
    open,
    onOpenChange: setOpen,
    onSelect: (option) => {
      setOpen(false);
      if (option.kind === "query") setText(option.label);
      navigate(option.href, option.kind === "query" ? { state: SHOPPER_SEARCH_STATE } : undefined);
    },
    onClear: () => setText(""),
    value: text,
  });

  return (
    <Form
      action="/search/"
      method="get"
      // Marks the results page as the shopper's own search, to be remembered (shopper-search.ts).
      state={SHOPPER_SEARCH_STATE}
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
        // Not type="search": that input cannot take the combobox role (HTML-ARIA). The phone keyboard
        // still gets its search key from enterkeyhint and inputmode.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        {...combobox.inputProps}
        placeholder="Искать товары и бренды"
        autoComplete="off"
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          combobox.reset();
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        // biome-ignore lint/a11y/noAutofocus: the phone search screen is opened only to type a query
        autoFocus={autoFocus}
      />
      <button type="submit" className="search-field__submit" aria-label="Найти">
        <SearchIcon size={20} />
      </button>
      <div
        id={combobox.listboxId}
        role="listbox"
        aria-label="Подсказки"
        className="search-suggest"
        hidden={!combobox.expanded}
      >
        {options.map((option, index) => (
          <div
            key={option.key}
            {...combobox.optionProps(index)}
            className={`search-suggest__option search-suggest__option--${option.kind}`}
          >
            {option.kind === "product" && option.image ? (
              <img src={imageSrc(option.image.url, 160)} width={30} height={40} alt="" loading="lazy" />
            ) : null}
            <span className="search-suggest__label">{option.label}</span>
            {option.hint ? <span className="search-suggest__hint">{option.hint}</span> : null}
            {option.kind === "product" && option.price !== undefined ? (
              <span className="search-suggest__price">{formatRub(option.price)}</span>
            ) : null}
          </div>
        ))}
      </div>
    </Form>
  );
}
