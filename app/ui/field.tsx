import { type ComponentProps, type ReactNode, useId } from "react";
import { cx } from "./class-names.ts";

/** What a control needs to be tied to its label, and to its hint or message. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The control's id, when its owner needs to find it (to focus it); a generated one otherwise. */
  id?: string;
  /** The message under the field; replaces the hint while shown. */
  error?: string | undefined;
  hint?: ReactNode;
  /** On the field's box: `ui-field--large` for a page's one field (sign-in), or the owner's own. */
  className?: string;
  /** Renders the control (class `ui-field__input`) with the ids that tie it to its label, hint and message. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * A labelled field with its hint or message under it (styles: field.css): the message is read out with
 * the field (described by) and announced when it appears (role=alert).
 */
export function Field({ label, id: givenId, error, hint, className, children }: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const noteId = `${id}-note`;
  return (
    <div className={cx("ui-field", error && "ui-field--invalid", className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error || hint ? noteId : undefined,
      })}
      {error ? (
        <p className="ui-field__error" id={noteId} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="ui-field__hint" id={noteId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Labelled<P> = Omit<P, "id" | "className"> & {
  label: ReactNode;
  /**
   * The control's id, where it must not follow the tree's shape (`useId`): a personal part, rendered alone
   * on the server and hydrated in its place in the page (ADR 074).
   */
  id?: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
};

/** A text input in a Field; `ref` and the rest go to the input (react-hook-form's `register`). */
export function TextField({
  label,
  id,
  error,
  hint,
  className,
  ...input
}: Labelled<ComponentProps<"input">>) {
  return (
    <Field label={label} id={id} error={error} hint={hint} className={className}>
      {(control) => <input className="ui-field__input" {...input} {...control} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  id,
  error,
  hint,
  className,
  ...textarea
}: Labelled<ComponentProps<"textarea">>) {
  return (
    <Field label={label} id={id} error={error} hint={hint} className={className}>
      {(control) => <textarea className="ui-field__input ui-field__input--area" {...textarea} {...control} />}
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
        <select className="ui-field__input ui-field__input--select" {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}
