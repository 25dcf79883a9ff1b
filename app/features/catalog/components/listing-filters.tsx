import { useState } from "react";
import { useFeature } from "#app/lib/features.ts";
import type { ProductFacets } from "#contract/catalog.ts";
import { formatNumber, formatRub } from "#contract/format.ts";
import { type ListingState, setFilter, toggleValue } from "../listing-params.ts";

const COLLAPSED_VALUES = 6;

function Check({
  label,
  count,
  checked,
  onChange,
}: {
  label: string;
  count: number;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="facet-option">
      <input type="checkbox" checked={checked} onChange={onChange} />
      <span className="facet-option__label">{label}</span>
      <span className="facet-option__count">{count}</span>
    </label>
  );
}

function ValueList<T extends { count: number; selected: boolean }>({
  values,
  render,
}: {
  values: T[];
  render: (value: T) => React.ReactNode;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? values : values.slice(0, COLLAPSED_VALUES);
  return (
    <>
      {shown.map(render)}
      {values.length > COLLAPSED_VALUES ? (
        <button type="button" className="facet__more" onClick={() => setAll(!all)}>
          {all ? "Свернуть" : `Показать все (${values.length})`}
        </button>
      ) : null}
    </>
  );
}

/** A from–to pair applied on Enter or when the field is left, so typing does not reload on every key. */
function RangeInputs({
  name,
  min,
  max,
  valueMin,
  valueMax,
  onApply,
}: {
  name: string;
  min: number;
  max: number;
  valueMin: string;
  valueMax: string;
  onApply: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(valueMin);
  const [to, setTo] = useState(valueMax);
  const apply = () => onApply(from.trim(), to.trim());
  return (
    <div className="facet-range">
      <label>
        <span className="visually-hidden">{name}: от</span>
        <input
          inputMode="decimal"
          placeholder={`от ${min}`}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => e.key === "Enter" && apply()}
        />
      </label>
      <label>
        <span className="visually-hidden">{name}: до</span>
        <input
          inputMode="decimal"
          placeholder={`до ${max}`}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => e.key === "Enter" && apply()}
        />
      </label>
    </div>
  );
}

/**
 * The listing's filters, built from the API's facets: every count already reflects the other active
 * filters. Each change becomes a new URL (shareable, and the back button undoes it).
 */
export function ListingFilters({
  facets,
  state,
  onChange,
  hide = [],
}: {
  facets: ProductFacets;
  state: ListingState;
  onChange: (next: ListingState) => void;
  /** Facets that are the page's own scope (a brand page does not filter by brand). */
  hide?: ("brand" | "seller")[];
}) {
  const f = state.filters;
  // The promotion's filter is offered while it runs; a link that still carries it can always undo it.
  const topProfit = useFeature("topProfit") || f.topProfit === "1";
  const rangeText = (min: string, max: string) => (min || max ? `${min}-${max}` : undefined);
  return (
    <div className="listing-filters">
      {facets.price ? (
        <fieldset className="facet">
          <legend>Цена, ₽</legend>
          <RangeInputs
            name="Цена"
            key={`${f.priceMin}-${f.priceMax}`}
            min={Math.floor(facets.price.min / 100)}
            max={Math.ceil(facets.price.max / 100)}
            valueMin={f.priceMin ?? ""}
            valueMax={f.priceMax ?? ""}
            onApply={(from, to) =>
              onChange(
                setFilter(setFilter(state, "priceMin", from || undefined), "priceMax", to || undefined),
              )
            }
          />
          <p className="facet__hint">
            {formatRub(facets.price.min)} — {formatRub(facets.price.max)}
          </p>
        </fieldset>
      ) : null}
      <fieldset className="facet">
        <legend>Наличие и выгода</legend>
        <Check
          label="В наличии"
          count={facets.inStock}
          checked={f.inStock === "1"}
          onChange={() => onChange(setFilter(state, "inStock", f.inStock === "1" ? undefined : "1"))}
        />
        <Check
          label="С кешбэком"
          count={facets.cashback}
          checked={f.cashback === "1"}
          onChange={() => onChange(setFilter(state, "cashback", f.cashback === "1" ? undefined : "1"))}
        />
        {topProfit ? (
          <Check
            label="Топ-выгода"
            count={facets.topProfit}
            checked={f.topProfit === "1"}
            onChange={() => onChange(setFilter(state, "topProfit", f.topProfit === "1" ? undefined : "1"))}
          />
        ) : null}
      </fieldset>
      {facets.ratings.length > 0 ? (
        <fieldset className="facet">
          <legend>Рейтинг</legend>
          {facets.ratings.map((r) => (
            <Check
              key={r.min}
              label={`от ${formatNumber(r.min)} ★`}
              count={r.count}
              checked={r.selected}
              onChange={() => onChange(setFilter(state, "ratingMin", r.selected ? undefined : String(r.min)))}
            />
          ))}
        </fieldset>
      ) : null}
      {(["brand", "seller"] as const)
        .filter((key) => !hide.includes(key))
        .map((key) => {
          const options = key === "brand" ? facets.brands : facets.sellers;
          if (options.length === 0) return null;
          return (
            <fieldset key={key} className="facet">
              <legend>{key === "brand" ? "Бренд" : "Продавец"}</legend>
              <ValueList
                values={options}
                render={(o) => (
                  <Check
                    key={o.code}
                    label={o.name}
                    count={o.count}
                    checked={o.selected}
                    onChange={() => onChange(toggleValue(state, key, o.code))}
                  />
                )}
              />
            </fieldset>
          );
        })}
      {facets.properties.map((p) => {
        const key = `p.${p.code}`;
        const title = p.unit ? `${p.name}, ${p.unit}` : p.name;
        if (p.kind === "number") {
          if (!p.range) return null;
          const range = p.range;
          return (
            <fieldset key={p.code} className="facet">
              <legend>{title}</legend>
              <RangeInputs
                name={p.name}
                key={f[key] ?? ""}
                min={range.min}
                max={range.max}
                valueMin={p.selected?.min?.toString() ?? ""}
                valueMax={p.selected?.max?.toString() ?? ""}
                onApply={(from, to) => onChange(setFilter(state, key, rangeText(from, to)))}
              />
            </fieldset>
          );
        }
        if (p.values.length === 0) return null;
        return (
          <fieldset key={p.code} className="facet">
            <legend>{title}</legend>
            <ValueList
              values={p.values}
              render={(v) => (
                <Check
                  key={v.value}
                  label={v.value}
                  count={v.count}
                  checked={v.selected}
                  onChange={() => onChange(toggleValue(state, key, v.value))}
                />
              )}
            />
          </fieldset>
        );
      })}
    </div>
  );
}
