import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Address } from "#app/features/address-book/index.ts";
import { failureMessage, reportFailure } from "#app/lib/form-errors.ts";
import { Button } from "#app/ui/button.tsx";
import { cx } from "#app/ui/class-names.ts";
import { TextAreaField, TextField } from "#app/ui/field.tsx";
import {
  ADDRESS_PART_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  courierDetails,
  INTERCOM_MAX_LENGTH,
} from "#contract/address-book.ts";
import { addressProblem, addressProblemMessages } from "#contract/address-messages.ts";
import { streetAndHouse } from "#contract/delivery-rules.ts";
import type { SlotChoice } from "#contract/orders.ts";
import type { DadataSuggestion } from "#contract/suggest.ts";
import { cleanAddress, cleanPoint, outOfRange, reverseGeocode, slotsQuery, streetsQuery } from "../api.ts";
import { pickSlot } from "../slots.ts";
import { AddressSuggest } from "./address-suggest.tsx";
import type { MapStreet } from "./map/map-types.ts";
import { PointMap } from "./map/point-map.tsx";
import { SlotPicker } from "./slot-picker.tsx";

const NEW = "new";

interface Draft {
  address: string;
  /** The chosen suggestion's (or "find me"'s) house: the text is checked no further while unchanged. */
  chosen: { text: string; latitude: number; longitude: number } | null;
  /**
   * The point put on the map (ADR 064): where the courier goes, whatever the text says; so an address the
   * street register does not know can still be delivered to.
   */
  pin: { latitude: number; longitude: number } | null;
  entrance: string;
  floor: string;
  flat: string;
  intercom: string;
  comment: string;
}

const EMPTY: Draft = {
  address: "",
  chosen: null,
  pin: null,
  entrance: "",
  floor: "",
  flat: "",
  intercom: "",
  comment: "",
};

/** Coordinates of a DaData suggestion, when it has them. */
function coordinatesOf(s: DadataSuggestion): { latitude: number; longitude: number } | null {
  const latitude = Number(s.data.geo_lat);
  const longitude = Number(s.data.geo_lon);
  return s.data.geo_lat && s.data.geo_lon && Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { latitude, longitude }
    : null;
}

/** A street and a house number at least: what a courier needs, with the point, to find the door. */
const HAS_HOUSE = /\p{L}.*\d|\d.*\p{L}/u;

export interface CourierPanelProps {
  /** The city and its centre, where the map opens. */
  city: { id: number; name: string; latitude: number; longitude: number };
  /** The shopper's courier addresses in this city. */
  addresses: Address[];
  /** The address the order goes to; null while a new one is being typed. */
  selectedId: number | null;
  onSelect: (id: number | null) => Promise<unknown> | undefined;
  /** Saves a new courier address and selects it; resolves with it. */
  onCreate: (body: {
    address: string;
    entrance: string;
    floor: string;
    flat: string;
    intercom: string;
    comment: string;
    latitude: number;
    longitude: number;
  }) => Promise<unknown>;
  sellerIds: string;
  slot: SlotChoice | undefined;
  onSlot: (slot: SlotChoice) => void;
  slotError?: string;
}

/**
 * Courier delivery: a saved address to pick, or a new one typed with suggestions or found by "Найти меня",
 * checked (a house, inside the city's courier zone) before it is saved; then the day's time window.
 */
export function CourierPanel(props: CourierPanelProps) {
  const { city, addresses, selectedId } = props;
  const mode = selectedId === null ? NEW : String(selectedId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | undefined>();
  const [locating, setLocating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [suggestOpen, setSuggestOpen] = useState(false);
  const [partErrors, setPartErrors] = useState<Partial<Record<string, string>>>({});
  const addressInput = useRef<HTMLInputElement>(null);
  const [mapOpen, setMapOpen] = useState(false);
  /** A point to bring under the map's pin: a suggestion or "find me" chose a house. */
  const [focus, setFocus] = useState<{ latitude: number; longitude: number } | null>(null);
  /** What the map's point is, said under the map. */
  const [pinNote, setPinNote] = useState<string | undefined>();
  const pinRequest = useRef(0);
  const queryClient = useQueryClient();
  const loadStreets = useCallback(
    async (): Promise<MapStreet[]> => (await queryClient.fetchQuery(streetsQuery(city.id))).streets,
    [queryClient, city.id],
  );
  const slots = useQuery({
    ...slotsQuery(city.id, props.sellerIds),
    enabled: selectedId !== null && mode !== NEW,
  });

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  // A window is always chosen when one has room: the shopper's own while it lasts, else the earliest.
  const { onSlot, slot } = props;
  useEffect(() => {
    if (!slots.data) return;
    const next = pickSlot(slots.data.days, slot);
    if (next && (next.date !== slot?.date || next.startsHour !== slot?.startsHour)) onSlot(next);
  }, [slots.data, slot, onSlot]);

  const choose = (s: DadataSuggestion) => {
    const text = streetAndHouse(s.data) || s.value;
    const at = coordinatesOf(s);
    setProblem(undefined);
    if (!s.data.house) {
      // A street: as DaData's widget does, the field goes on to the house, with the street's houses offered.
      set({ address: `${text}, д `, chosen: null });
      setSuggestOpen(true);
      addressInput.current?.focus();
      return;
    }
    set({ address: text, chosen: at ? { text, ...at } : null, pin: null });
    if (at) setFocus(at);
    setPinNote(undefined);
  };

  /**
   * The shopper put the map's pin somewhere: the house there fills the field; no house there keeps what
   * they typed (the point is where the courier goes) and says what is missing, in the spec's words.
   */
  const placePin = async (latitude: number, longitude: number) => {
    const request = ++pinRequest.current;
    setProblem(undefined);
    setDraft((d) => ({ ...d, pin: { latitude, longitude } }));
    try {
      const clean = await cleanPoint(city.id, latitude, longitude);
      if (request !== pinRequest.current) return;
      const found = addressProblem(clean, "point");
      if (!found) {
        const text = streetAndHouse(clean);
        setDraft((d) => ({ ...d, address: text, chosen: { text, latitude, longitude } }));
        setPinNote(`Точка на карте: ${text}`);
        return;
      }
      // The register does not know a house here: the typed address goes with this point.
      setDraft((d) =>
        d.address.trim() === "" && clean.street_with_type
          ? { ...d, address: `${clean.street_with_type}, д `, chosen: null }
          : { ...d, chosen: null },
      );
      setPinNote(undefined);
      setProblem(addressProblemMessages[found]);
    } catch {
      if (request === pinRequest.current) setProblem(addressProblemMessages.geocodeFailed);
    }
  };

  const findMe = () => {
    if (!("geolocation" in navigator)) {
      setProblem(addressProblemMessages.geocodeFailed);
      return;
    }
    setLocating(true);
    setProblem(undefined);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const { latitude, longitude } = position.coords;
          const found = (await reverseGeocode(latitude, longitude)).suggestions[0];
          if (!found) {
            setProblem(addressProblemMessages.geocodeFailed);
            return;
          }
          const text = streetAndHouse(found.data);
          const at = coordinatesOf(found) ?? { latitude, longitude };
          if (!found.data.house) {
            set({ address: text, chosen: null });
            setProblem(addressProblemMessages.incompletePoint);
            return;
          }
          set({ address: text, chosen: { text, ...at }, pin: null });
          setFocus(at);
          const range = await outOfRange(city.id, at.latitude, at.longitude);
          if (range.outOfRange) setProblem(range.message ?? addressProblemMessages.outOfRange);
        } catch {
          setProblem(addressProblemMessages.geocodeFailed);
        } finally {
          setLocating(false);
        }
      },
      () => {
        setLocating(false);
        setProblem("Не удалось узнать, где вы: разрешите доступ к геопозиции или введите адрес");
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const save = async () => {
    setProblem(undefined);
    setPartErrors({});
    const text = draft.address.trim();
    if (!text) {
      setProblem("Поле обязательно к заполнению");
      addressInput.current?.focus();
      return;
    }
    setSaving(true);
    try {
      let at = draft.chosen && draft.chosen.text === draft.address ? draft.chosen : null;
      let saveText = text;
      if (!at && draft.pin) {
        // A point on the map and the address as typed: the register need not know it (ADR 064).
        if (!HAS_HOUSE.test(text)) {
          setProblem(addressProblemMessages.incomplete);
          addressInput.current?.focus();
          return;
        }
        at = { text, ...draft.pin };
      }
      if (!at) {
        // Typed without choosing a suggestion: is there such a street and house?
        const clean = await cleanAddress(city.id, text);
        const found = addressProblem(clean, "text");
        if (found) {
          setProblem(addressProblemMessages[found]);
          addressInput.current?.focus();
          return;
        }
        at = { text, latitude: Number(clean.geo_lat), longitude: Number(clean.geo_lon) };
        saveText = streetAndHouse(clean) || text;
      }
      const range = await outOfRange(city.id, at.latitude, at.longitude);
      if (range.outOfRange) {
        setProblem(range.message ?? addressProblemMessages.outOfRange);
        addressInput.current?.focus();
        return;
      }
      const created = (await props.onCreate({
        address: saveText,
        entrance: draft.entrance,
        floor: draft.floor,
        flat: draft.flat,
        intercom: draft.intercom,
        comment: draft.comment,
        latitude: at.latitude,
        longitude: at.longitude,
      })) as { id: number } | undefined;
      setDraft(EMPTY);
      void created;
    } catch (error) {
      const report = reportFailure(error, [
        "address",
        "entrance",
        "floor",
        "flat",
        "intercom",
        "comment",
      ] as const);
      setPartErrors(report.fields);
      setProblem(report.fields.address ?? report.message ?? failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const pick = async (value: string) => {
    await props.onSelect(value === NEW ? null : Number(value));
  };

  return (
    <div className="co-courier">
      {addresses.length > 0 ? (
        <fieldset className="co-fieldset">
          <legend className="co-fieldset__legend">Адрес доставки</legend>
          <div className="co-options">
            {addresses.map((a) => {
              const details = courierDetails(a);
              return (
                <label key={a.id} className={cx("co-option", mode === String(a.id) && "co-option--on")}>
                  <input
                    type="radio"
                    name="courier-address"
                    value={a.id}
                    checked={mode === String(a.id)}
                    onChange={() => void pick(String(a.id))}
                  />
                  <span className="co-option__body">
                    <span className="co-option__title">{a.address}</span>
                    {details ? <span className="co-option__text">{details}</span> : null}
                  </span>
                </label>
              );
            })}
            <label className={cx("co-option", mode === NEW && "co-option--on")}>
              <input
                type="radio"
                name="courier-address"
                value={NEW}
                checked={mode === NEW}
                onChange={() => void pick(NEW)}
              />
              <span className="co-option__body">
                <span className="co-option__title">Новый адрес</span>
              </span>
            </label>
          </div>
        </fieldset>
      ) : null}

      {mode === NEW ? (
        <div className="co-new-address">
          <div className="co-new-address__search">
            <AddressSuggest
              id="co-new-address"
              cityId={city.id}
              value={draft.address}
              onText={(address) => {
                setProblem(undefined);
                set({ address });
              }}
              onChoose={choose}
              open={suggestOpen}
              onOpenChange={setSuggestOpen}
              error={problem}
              inputRef={addressInput}
            />
            <Button variant="secondary" onClick={findMe} loading={locating} className="co-find-me">
              Найти меня
            </Button>
          </div>
          <Button
            variant="secondary"
            className="co-map-toggle"
            aria-expanded={mapOpen}
            aria-controls="co-point-map"
            onClick={() => setMapOpen((open) => !open)}
          >
            {mapOpen ? "Скрыть карту" : "Указать на карте"}
          </Button>
          {mapOpen ? (
            <div id="co-point-map" className="co-courier-map">
              <PointMap
                center={draft.pin ?? draft.chosen ?? { latitude: city.latitude, longitude: city.longitude }}
                focus={focus}
                onMove={(latitude, longitude) => void placePin(latitude, longitude)}
                loadStreets={loadStreets}
              />
              <p className="co-point-note" role="status">
                {pinNote ?? "Передвиньте карту: точка доставки — под меткой в центре"}
              </p>
            </div>
          ) : (
            <p id="co-point-map" hidden />
          )}
          <div className="co-grid">
            <TextField
              id="co-new-address-entrance"
              label="Подъезд"
              maxLength={ADDRESS_PART_MAX_LENGTH}
              value={draft.entrance}
              error={partErrors.entrance}
              onChange={(e) => set({ entrance: e.target.value })}
            />
            <TextField
              id="co-new-address-floor"
              label="Этаж"
              maxLength={ADDRESS_PART_MAX_LENGTH}
              inputMode="numeric"
              value={draft.floor}
              error={partErrors.floor}
              onChange={(e) => set({ floor: e.target.value })}
            />
            <TextField
              id="co-new-address-flat"
              label="Квартира"
              maxLength={ADDRESS_PART_MAX_LENGTH}
              value={draft.flat}
              error={partErrors.flat}
              onChange={(e) => set({ flat: e.target.value })}
            />
            <TextField
              id="co-new-address-intercom"
              label="Домофон"
              maxLength={INTERCOM_MAX_LENGTH}
              value={draft.intercom}
              error={partErrors.intercom}
              onChange={(e) => set({ intercom: e.target.value })}
            />
          </div>
          <TextAreaField
            id="co-new-address-comment"
            label="Комментарий для курьера"
            maxLength={COMMENT_MAX_LENGTH}
            rows={2}
            value={draft.comment}
            error={partErrors.comment}
            onChange={(e) => set({ comment: e.target.value })}
          />
          <Button onClick={save} loading={saving}>
            Доставить сюда
          </Button>
        </div>
      ) : slots.data ? (
        slots.data.days.length > 0 ? (
          <SlotPicker
            days={slots.data.days}
            value={props.slot}
            onChange={props.onSlot}
            error={props.slotError}
          />
        ) : (
          <p className="co-muted">На ближайшую неделю свободных интервалов нет. Выберите пункт выдачи.</p>
        )
      ) : slots.isError ? (
        <p className="co-error" role="alert">
          Не удалось загрузить интервалы доставки.{" "}
          <button type="button" className="co-link" onClick={() => void slots.refetch()}>
            Повторить
          </button>
        </p>
      ) : (
        <p className="co-muted" role="status">
          Загружаем интервалы доставки…
        </p>
      )}
    </div>
  );
}
