import { cx } from "./class-names.ts";

export interface SpinnerProps {
  size?: "s" | "m";
  /** When given, the spinner announces itself; without it, it is decoration beside text that says enough. */
  label?: string;
  className?: string;
}

export function Spinner({ size = "s", label, className }: SpinnerProps) {
  const classes = cx("ui-spinner", `ui-spinner--${size}`, className);
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className="ui-spinner-status">
      <span className={classes} aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </span>
  );
}
