import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { PinIcon } from "#app/ui/icons.tsx";
import { currentCityQuery } from "../api.ts";
import { selectCityHref } from "../return-to.ts";

/**
 * The header's city: pin and name, leading to the city page and back here afterwards. Until the current
 * city is known (it is prefetched by the loaders that render the header) it simply offers the choice.
 */
export function CurrentCityButton() {
  const { data } = useQuery(currentCityQuery());
  const location = useLocation();
  const name = data?.city.name;
  return (
    <Link
      to={selectCityHref(location)}
      className="city-button"
      aria-label={name ? `Ваш город: ${name}. Изменить` : "Выбрать город"}
      data-confirmed={data ? String(data.confirmed) : undefined}
    >
      <PinIcon size={18} className="city-button__icon" />
      <span className="city-button__name">{name ?? "Выбрать город"}</span>
    </Link>
  );
}
