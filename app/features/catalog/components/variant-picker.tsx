import { Link } from "react-router";
import type { VariantProperty } from "#contract/catalog.ts";
import { productUrl } from "#contract/urls.ts";
import { COLOUR_PROPERTY, SWATCHES } from "../colours.ts";

/**
 * The model line's picker (ADR 065): for each property the siblings differ in, its values as links to
 * the sibling's own page (crawlable, and Back returns to this one). The current value is marked; a value
 * whose product cannot be bought now is dimmed and says so to a screen reader, but still leads there.
 */
export function VariantPicker({ variants }: { variants: readonly VariantProperty[] }) {
  if (variants.length === 0) return null;
  return (
    <div className="variants" data-testid="variant-picker">
      {variants.map((property) => {
        const current = property.options.find((o) => o.current);
        const swatches = property.code === COLOUR_PROPERTY;
        return (
          <nav key={property.code} className="variants__property" aria-label={property.name}>
            <p className="variants__name">
              {property.name}: <span className="variants__value">{current?.value}</span>
            </p>
            <ul className={`variants__options${swatches ? " variants__options--swatches" : ""}`}>
              {property.options.map((option) => {
                const swatch = swatches ? SWATCHES[option.value] : undefined;
                const className = `variants__option${swatch ? " variants__option--swatch" : ""}${
                  option.available ? "" : " variants__option--unavailable"
                }`;
                // The name a screen reader reads: the value (a swatch shows it only as a colour), and
                // whether it can be bought.
                const content = (
                  <>
                    {swatch ? (
                      <span className="variants__swatch" style={{ background: swatch }} aria-hidden="true" />
                    ) : null}
                    <span className={swatch ? "visually-hidden" : undefined}>{option.value}</span>
                    {option.available ? null : <span className="visually-hidden">, нет в наличии</span>}
                  </>
                );
                return (
                  <li key={option.value}>
                    {option.current ? (
                      <span className={className} aria-current="true" title={option.value}>
                        {content}
                      </span>
                    ) : (
                      <Link to={productUrl(option.productId)} className={className} title={option.value}>
                        {content}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        );
      })}
    </div>
  );
}
