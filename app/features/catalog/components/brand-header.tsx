import type { Brand } from "#contract/catalog.ts";

export function BrandHeader({ brand, heading }: { brand: Brand; heading: string }) {
  return (
    <header className="entity-header">
      {/* Decorative beside the brand's name in the heading (alt=""), so tests find it by its test id. */}
      <img
        className="entity-header__logo"
        src={brand.logoUrl}
        width={96}
        height={96}
        alt=""
        data-testid="brand-logo"
      />
      <div>
        <h1 className="page-title">{heading}</h1>
        {brand.description ? <p className="entity-header__text">{brand.description}</p> : null}
      </div>
    </header>
  );
}
