import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useDebouncedValue } from "#app/lib/use-debounced-value.ts";
import { useCombobox } from "#app/ui/combobox/use-combobox.ts";
import { PinIcon, SearchIcon } from "#app/ui/icons.tsx";
import { plural } from "#contract/format.ts";
import type { City } from "#contract/geo.ts";
import { cityListQuery, citySearchQuery, useConfirmCity } from "../api.ts";
import { POPULAR_CITIES_COUNT, regionLabel } from "../city-options.ts";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The shared combobox behaviour (app/ui/combobox): focus stays in the field, arrows move the active option,
 * Enter chooses it (or the best match when none is active), Escape folds the list and then clears the
 * field. Before anything is typed it offers the largest cities. Choosing confirms the city and takes the
 * shopper back to `returnTo`.
 */
export function CitySearch({ currentCityId, returnTo }: { currentCityId?: number; returnTo: string }) {
  const id = useId();
  const inputId = `${id}-input`;
  const headingId = `${id}-heading`;

  const [input, setInput] = useState("");
  // The list is the page's content, so it starts open; Escape folds it, typing or an arrow opens it again.
  const [open, setOpen] = useState(true);
  const query = input.trim();
  const debouncedQuery = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);

  const list = useQuery(cityListQuery());
  // The list swaps back to popular cities at once when the field is cleared; typing waits for a pause.
  const searching = query !== "";
  const search = useQuery({
    ...citySearchQuery(debouncedQuery),
    enabled: searching && debouncedQuery !== "",
  });

  const options: City[] = searching
    ? (search.data?.items ?? [])
    : (list.data?.items.slice(0, POPULAR_CITIES_COUNT) ?? []);
  const waiting = searching && (debouncedQuery !== query || search.isFetching);
  const settled = searching && !waiting && search.isSuccess;
  const failed = searching ? search.isError : list.isError;

  const confirm = useConfirmCity();
  const navigate = useNavigate();

  function choose(city: City) {
    if (confirm.isPending) return;
    confirm.mutate(city.id, { onSuccess: () => navigate(returnTo) });
  }

  const combobox = useCombobox({
    options,
    getKey: (city) => String(city.id),
    open,
    onOpenChange: setOpen,
    onSelect: choose,
    onClear: () => setInput(""),
    value: input,
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    combobox.inputProps.onKeyDown(event);
    if (event.defaultPrevented || event.key !== "Enter" || event.nativeEvent.isComposing) return;
    // No active option: Enter takes the best match once the search has answered.
    event.preventDefault();
    const best = searching && settled && open ? options[0] : undefined;
    if (best) choose(best);
  }

  let status = "";
  if (searching && !failed) {
    if (settled && options.length === 0) status = "Ничего не нашли. Проверьте, нет ли опечатки в названии";
    else if (settled)
      status = `Найдено ${options.length} ${plural(options.length, "город", "города", "городов")}`;
    else if (options.length === 0) status = "Ищем…";
  }

  return (
    <div className="city-search">
      <label htmlFor={inputId} className="city-search__label">
        Поиск города
      </label>
      <div className="city-search__field">
        <SearchIcon size={20} className="city-search__field-icon" />
        <input
          id={inputId}
          className="city-search__input"
          type="text"
          {...combobox.inputProps}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint`}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setOpen(true);
            combobox.reset();
          }}
          placeholder="Например, Казань"
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={100}
        />
      </div>
      <p id={`${id}-hint`} className="visually-hidden">
        Стрелками вверх и вниз выберите город в списке, Enter — подтвердить
      </p>

      <p className="city-search__status" role="status" aria-live="polite">
        {settled && options.length > 0 ? <span className="visually-hidden">{status}</span> : status}
      </p>

      {failed ? (
        <div className="city-search__error" role="alert">
          <span>Не удалось загрузить список городов.</span>
          <button
            type="button"
            className="city-search__retry"
            onClick={() => void (searching ? search.refetch() : list.refetch())}
          >
            Повторить
          </button>
        </div>
      ) : null}
      {confirm.isError ? (
        <p className="city-search__error" role="alert">
          Не удалось сохранить город. Попробуйте ещё раз
        </p>
      ) : null}

      <h2 id={headingId} className="city-search__heading" hidden={!combobox.expanded}>
        {searching ? "Найденные города" : "Популярные города"}
      </h2>
      <div
        id={combobox.listboxId}
        role="listbox"
        hidden={!combobox.expanded}
        aria-labelledby={headingId}
        aria-busy={waiting || confirm.isPending}
        className={`city-options${searching ? "" : " city-options--popular"}${waiting ? " city-options--stale" : ""}`}
      >
        {options.map((city, index) => {
          const current = city.id === currentCityId;
          const choosing = confirm.isPending && confirm.variables === city.id;
          return (
            <div
              key={city.id}
              {...combobox.optionProps(index)}
              aria-current={current ? "true" : undefined}
              className={`city-option${current ? " city-option--current" : ""}`}
            >
              <span className="city-option__name">
                {city.name}
                {current ? <span className="visually-hidden"> — текущий город</span> : null}
              </span>
              <span className="city-option__region">{regionLabel(city)}</span>
              {current ? <PinIcon size={18} className="city-option__mark" /> : null}
              {choosing ? <span className="city-option__saving">Сохраняем…</span> : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
