/** The wordmark with the theme's own mark: colours and the mark's corner radius come from theme tokens. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg
        className="logo__mark"
        width="32"
        height="32"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <rect className="logo__mark-bg" width="32" height="32" />
        <path className="logo__mark-fg" d="M8 9h4.2l3.8 10.6L19.8 9H24l-6 15h-4z" />
      </svg>
      {compact ? null : <span className="logo__word">Витрина</span>}
    </span>
  );
}
