import { type ComponentProps, type ReactNode, useId } from "react";
import { cx } from "#app/ui/class-names.ts";

/** What a control needs to be tied to its label, and to its hint or message. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The message under the field; replaces the hint while shown. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A labelled field with its hint or message under it: the message is read out with the field (described
 * by) and announced when it appears (role=alert).
 */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={cx("ab-field", error && "ab-field--invalid", className)}>
      <label className="ab-field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error || hint ? noteId : undefined,
      })}
      {error ? (
        <p className="ab-field__error" id={noteId} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="ab-field__hint" id={noteId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Labelled<P> = Omit<P, "id" | "className"> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
};

/** A text input in a Field; `ref` and the rest go to the input (react-hook-form's `register`). */
export function TextField({ label, error, hint, className, ...input }: Labelled<ComponentProps<"input">>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <input className="ab-field__input" {...input} {...control} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: Labelled<ComponentProps<"textarea">>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea className="ab-field__input ab-field__input--area" {...textarea} {...control} />}
    </Field>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: Labelled<ComponentProps<"select">>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select className="ab-field__input ab-field__input--select" {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}
