import { useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "#app/lib/use-debounced-value.ts";
import { useCombobox } from "#app/ui/combobox/use-combobox.ts";
import type { DadataSuggestion } from "#contract/suggest.ts";
import { suggestQuery } from "../api.ts";

/**
 * «Улица и дом» with suggestions as the shopper types (DaData's format, debounced), an editable combobox
 * with a listbox popup (the shared useCombobox: arrows, Enter, Escape). Choosing fills the field with the
 * suggestion and reports it (with its coordinates); typing after that makes it plain text again.
 */
export function AddressSuggest({
  id,
  cityId,
  value,
  onText,
  onChoose,
  error,
  inputRef,
  open,
  onOpenChange: setOpen,
}: {
  /** The field's id: the step is a personal part, whose ids must not follow the tree's shape (ADR 074). */
  id: string;
  cityId: number;
  value: string;
  onText: (text: string) => void;
  onChoose: (suggestion: DadataSuggestion) => void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  /** Whether the list is open (the owner reopens it after a street is chosen, for the house). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useDebouncedValue(value.trim(), 250);
  const { data, isFetching } = useQuery({
    ...suggestQuery(cityId, query),
    enabled: open && query.length >= 2,
  });
  const options = open ? (data?.suggestions ?? []) : [];
  const combobox = useCombobox({
    options,
    getKey: (s) => s.data.fias_id,
    open,
    onOpenChange: setOpen,
    onSelect: (s) => {
      setOpen(false);
      onChoose(s);
    },
    onClear: () => onText(""),
    value,
    id,
  });
  const noteId = `${id}-note`;
  return (
    <div className={`ui-field co-suggest${error ? " ui-field--invalid" : ""}`}>
      <label className="ui-field__label" htmlFor={id}>
        Улица и дом
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        className="ui-field__input"
        autoComplete="off"
        spellCheck={false}
        placeholder="Например, ул Ленина, д 12"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? noteId : undefined}
        {...combobox.inputProps}
        aria-label={undefined}
        onChange={(event) => {
          combobox.reset();
          onText(event.target.value);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
      />
      {combobox.expanded ? (
        <div
          className="co-suggest__list"
          id={combobox.listboxId}
          role="listbox"
          aria-label="Подсказки адресов"
        >
          {options.map((s, index) => (
            <div key={s.data.fias_id} className="co-suggest__option" {...combobox.optionProps(index)}>
              <span className="co-suggest__main">{s.value.replace(/^г [^,]+, /, "")}</span>
              <span className="co-suggest__sub">{s.data.city_with_type}</span>
            </div>
          ))}
        </div>
      ) : null}
      <p className="co-visually-hidden" aria-live="polite">
        {open && query.length >= 2 && !isFetching && data
          ? data.suggestions.length
            ? `Подсказок: ${data.suggestions.length}`
            : "Подсказок нет"
          : ""}
      </p>
      {error ? (
        <p className="ui-field__error" id={noteId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
