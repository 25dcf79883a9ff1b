import { type ComponentProps, type ReactNode, useId } from "react";
import { cx } from "#app/ui/class-names.ts";

export interface FieldFrameProps {
  label: string;
  /** The control's id, when its owner needs to find it (to focus it); a generated one otherwise. */
  id?: string;
  /** The message under the field; replaces the hint while shown. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** Renders the control with the ids that tie it to its label, hint and message. */
  children: (control: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}

/** A labelled field with its hint or its message under it (read out with the field, and announced). */
export function FieldFrame({ label, id: givenId, error, hint, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const noteId = `${id}-note`;
  const hasNote = Boolean(error || hint);
  return (
    <div className={cx("profile-field", error && "profile-field--invalid", className)}>
      <label className="profile-field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": hasNote ? noteId : undefined,
      })}
      {error ? (
        <p className="profile-field__error" id={noteId} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="profile-field__hint" id={noteId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "id" | "className"> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A text input in a FieldFrame; `ref` and the rest go to the input (react-hook-form's `register`). */
export function TextField({ label, error, hint, ...input }: InputProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => <input className="profile-field__input" {...input} {...control} />}
    </FieldFrame>
  );
}
