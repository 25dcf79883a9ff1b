import { type ComponentPropsWithRef, type MouseEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { cx } from "./class-names.ts";
import { Spinner } from "./spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost";
/** m: 44 px, the smallest comfortable touch target; l: 56 px, the spec's height for prominent actions. */
export type ButtonSize = "m" | "l";

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export type ActionButtonProps = ButtonLook &
  Omit<ComponentPropsWithRef<"button">, "onClick"> & {
    href?: undefined;
    /** Shows a spinner, disables the button and marks it aria-busy. */
    loading?: boolean;
    /**
     * Returning a promise keeps the button loading (and disabled) until it settles. Typed `unknown` so any
     * handler fits (`() => setOpen(true)`, `async () => …`); the promise is recognised at run time.
     */
    onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
  };

export type LinkButtonProps = ButtonLook &
  Omit<ComponentPropsWithRef<"a">, "href"> & {
    /** Renders a link styled as a button; links navigate, so they have no loading state. */
    href: string;
    /** Full document navigation instead of client-side routing. */
    reloadDocument?: boolean;
  };

export type ButtonProps = ActionButtonProps | LinkButtonProps;

function lookClasses({ variant = "primary", size = "m", fullWidth = false }: ButtonLook, extra?: string) {
  return cx(
    "ui-button",
    `ui-button--${variant}`,
    `ui-button--${size}`,
    fullWidth && "ui-button--full",
    extra,
  );
}

export function Button(props: ButtonProps) {
  return props.href === undefined ? <ActionButton {...props} /> : <LinkButton {...props} />;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null | undefined)?.then === "function";
}

function ActionButton({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled = false,
  onClick,
  className,
  children,
  type = "button",
  href: _href,
  ...rest
}: ActionButtonProps) {
  const [pending, setPending] = useState(false);
  // State updates land a render later; the ref stops a fast double click from starting a second request.
  const pendingRef = useRef(false);
  const busy = loading || pending;

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (pendingRef.current) return;
    const result = onClick?.(event);
    if (!isPromiseLike(result)) return;
    pendingRef.current = true;
    setPending(true);
    // A rejection still reaches the caller's own handling (or the unhandled-rejection report): we only
    // observe the settling, we do not swallow the error.
    void Promise.resolve(result).finally(() => {
      pendingRef.current = false;
      setPending(false);
    });
  }

  return (
    <button
      {...rest}
      // `type` defaults to "button": inside a form, a plain action must not submit it by accident.
      type={type}
      className={lookClasses({ variant, size, fullWidth }, cx(busy && "ui-button--busy", className))}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={handleClick}
    >
      <span className="ui-button__label">{children}</span>
      {busy && <Spinner className="ui-button__spinner" />}
    </button>
  );
}

function LinkButton({ variant, size, fullWidth, href, className, children, ...rest }: LinkButtonProps) {
  return (
    <Link {...rest} to={href} className={lookClasses({ variant, size, fullWidth }, className)}>
      <span className="ui-button__label">{children}</span>
    </Link>
  );
}
