import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { plural } from "#app/lib/format.ts";
import { useDebouncedValue } from "#app/lib/use-debounced-value.ts";
import { PinIcon, SearchIcon } from "#app/ui/icons.tsx";
import type { City } from "#contract/geo.ts";
import { cityListQuery, citySearchQuery, useConfirmCity } from "../api.ts";
import { type ListboxKey, nextActiveId, POPULAR_CITIES_COUNT, regionLabel } from "../city-options.ts";

const SEARCH_DEBOUNCE_MS = 250;
const LISTBOX_KEYS: readonly string[] = ["ArrowDown", "ArrowUp", "Home", "End"] satisfies ListboxKey[];

/**
 * A combobox (ARIA 1.2 pattern): focus stays in the field, arrows move the active option, Enter chooses it
 * (or the best match when none is active), Escape clears the field. Before anything is typed it offers the
 * largest cities. Choosing confirms the city and takes the shopper back to `returnTo`.
 */
export function CitySearch({ currentCityId, returnTo }: { currentCityId?: number; returnTo: string }) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const headingId = `${id}-heading`;
  const optionId = (cityId: number) => `${id}-city-${cityId}`;

  const [input, setInput] = useState("");
  const [activeId, setActiveId] = useState<number | null>(null);
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
  const active = options.some((c) => c.id === activeId) ? activeId : null;

  const confirm = useConfirmCity();
  const navigate = useNavigate();

  function choose(city: City) {
    if (confirm.isPending) return;
    confirm.mutate(city.id, { onSuccess: () => navigate(returnTo) });
  }

  useEffect(() => {
    if (active === null) return;
    document.getElementById(`${id}-city-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (LISTBOX_KEYS.includes(event.key) && options.length > 0) {
      // Home and End keep moving the caret until the shopper is in the list.
      if ((event.key === "Home" || event.key === "End") && active === null) return;
      event.preventDefault();
      setActiveId(
        nextActiveId(
          options.map((c) => c.id),
          active,
          event.key as ListboxKey,
        ),
      );
    } else if (event.key === "Enter") {
      event.preventDefault();
      const city = options.find((c) => c.id === active) ?? (searching && settled ? options[0] : undefined);
      if (city) choose(city);
    } else if (event.key === "Escape" && input !== "") {
      event.preventDefault();
      setInput("");
      setActiveId(null);
    }
  }

  let status = "";
  if (searching && !failed) {
    if (settled && options.length === 0) status = "Ничего не нашли. Проверьте, нет ли опечатки в названии";
    else if (settled)
      status = `Найдено ${options.length} ${plural(options.length, ["город", "города", "городов"])}`;
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
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={listboxId}
          aria-activedescendant={active === null ? undefined : optionId(active)}
          aria-describedby={`${id}-hint`}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setActiveId(null);
          }}
          onKeyDown={onKeyDown}
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

      <h2 id={headingId} className="city-search__heading">
        {searching ? "Найденные города" : "Популярные города"}
      </h2>
      <div
        id={listboxId}
        role="listbox"
        aria-labelledby={headingId}
        aria-busy={waiting || confirm.isPending}
        className={`city-options${searching ? "" : " city-options--popular"}${waiting ? " city-options--stale" : ""}`}
      >
        {options.map((city) => {
          const current = city.id === currentCityId;
          const choosing = confirm.isPending && confirm.variables === city.id;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose from the combobox field (aria-activedescendant), focus never enters the list
            <div
              key={city.id}
              id={optionId(city.id)}
              role="option"
              aria-selected={city.id === active}
              aria-current={current ? "true" : undefined}
              className={`city-option${current ? " city-option--current" : ""}`}
              tabIndex={-1}
              onClick={() => choose(city)}
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
