import type { CSSProperties } from "react";

/** Inline CSS custom properties; React's CSSProperties type does not list `--*` names. */
export function cssVars(vars: Record<`--${string}`, string | number>): CSSProperties {
  return vars as CSSProperties;
}
