import IMask, { type InputMask } from "imask";
import { type ComponentProps, useEffect, useEffectEvent, useRef, useState } from "react";
import { PHONE_MASK_OPTIONS, PHONE_PLACEHOLDER, phoneToE164 } from "./phone-mask.ts";

export interface PhoneValue {
  /** What the field shows, `+7 (916) 123-45-67` (18 characters when complete). */
  shown: string;
  /** E.164, `+79161234567`, once the number is complete; null before. */
  e164: string | null;
}

type NativeProps = Omit<
  ComponentProps<"input">,
  "type" | "value" | "defaultValue" | "onChange" | "name" | "inputMode" | "autoComplete"
>;

export interface PhoneInputProps extends NativeProps {
  /** The starting number in any everyday form (`89161234567`, `+7 916 …`, E.164). */
  defaultValue?: string;
  /** Submitted with a form: a hidden field with this name carries the E.164 number (empty while incomplete). */
  name?: string;
  onValueChange?: (value: PhoneValue) => void;
}

/**
 * A phone field with the mask `+7 (___) ___-__-__` (imask): digits only, the frame typed for the shopper,
 * paste and autofill of any everyday form normalised, Backspace stepping over the frame. Uncontrolled: the
 * mask owns the field's text; the owner hears `onValueChange`. Label it like any input (`id` + `<label>`).
 */
export function PhoneInput({
  defaultValue = "",
  name,
  onValueChange,
  placeholder,
  ...rest
}: PhoneInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [e164, setE164] = useState<string | null>(null);
  const notify = useEffectEvent((mask: InputMask<typeof PHONE_MASK_OPTIONS>) => {
    const value = { shown: mask.value, e164: phoneToE164(mask.masked) };
    setE164(value.e164);
    onValueChange?.(value);
  });

  // The mask is set up once; a later defaultValue is ignored, as for any uncontrolled input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const mask = IMask(input, PHONE_MASK_OPTIONS);
    // Before hydration the browser may have autofilled the field: that text goes through the mask too.
    mask.value = input.value || defaultValue;
    notify(mask);
    mask.on("accept", () => notify(mask));
    return () => mask.destroy();
  }, []);

  return (
    <>
      <input
        ref={inputRef}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={placeholder ?? PHONE_PLACEHOLDER}
        defaultValue={defaultValue}
        {...rest}
      />
      {name ? <input type="hidden" name={name} value={e164 ?? ""} /> : null}
    </>
  );
}
