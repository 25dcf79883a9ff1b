import { escapeXml, hash32, wrapText } from "./svg.ts";

export const PRODUCT_IMAGE_SIZE = { width: 600, height: 800 } as const;

export interface ProductImageSubject {
  productId: number;
  position: number;
  name: string;
  category: string;
  brand: string;
}

/**
 * A product "photo": a studio backdrop in the product's own hue, an object silhouette whose shape and
 * angle change with the photo's position, and the brand and name. Distinct per product and per angle,
 * generated on request, so the catalogue needs no image files and no external URLs.
 */
/** The object silhouettes a product can have, centred on the origin, about 340 px across. */
export const OBJECT_SHAPES = [
  `<rect x="-120" y="-160" width="240" height="320" rx="36" />`,
  `<circle r="150" />`,
  `<path d="M0 -170 L150 110 L-150 110 Z" />`,
  `<rect x="-170" y="-110" width="340" height="220" rx="110" />`,
] as const;

/** A product's own colours and silhouette: the same in its catalogue pictures and in shoppers' photos. */
export function productLook(productId: number) {
  const h = hash32(`${productId}`);
  const hue = h % 360;
  return {
    hue,
    accent: (hue + 35 + ((h >>> 9) % 50)) % 360,
    shape: OBJECT_SHAPES[(h >>> 4) % 4] as string,
    tilt: (h >>> 12) % 12,
  };
}

export function renderProductImage(s: ProductImageSubject): string {
  const { hue, accent, shape, tilt } = productLook(s.productId);
  const angle = (s.position * 17 + tilt) % 360;
  const { width, height } = PRODUCT_IMAGE_SIZE;
  const lines = wrapText(s.name, 24, 3);
  const text = lines
    .map(
      (line, i) =>
        `<text x="300" y="${640 + i * 34}" font-size="26" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(s.name)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 96%)"/><stop offset="1" stop-color="hsl(${hue} 40% 88%)"/></linearGradient>
<linearGradient id="obj" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 65% 58%)"/><stop offset="1" stop-color="hsl(${accent} 60% 42%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<ellipse cx="300" cy="520" rx="190" ry="26" fill="hsl(${hue} 30% 70%)" opacity=".45"/>
<g transform="translate(300 330) rotate(${(angle % 40) - 20})" fill="url(#obj)">${shape}</g>
<g fill="hsl(${hue} 35% 22%)" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">
<text x="300" y="92" font-size="30" font-weight="700" text-anchor="middle" letter-spacing="1">${escapeXml(s.brand.toUpperCase())}</text>
<text x="300" y="128" font-size="20" text-anchor="middle" opacity=".7">${escapeXml(s.category)}</text>
${text}</g></svg>`;
}

export function renderBrandLogo(code: string, name: string): string {
  const hue = hash32(code) % 360;
  const initials = escapeXml(name.slice(0, 2).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${escapeXml(name)}">
<rect width="160" height="160" rx="32" fill="hsl(${hue} 55% 94%)"/>
<circle cx="80" cy="66" r="34" fill="hsl(${hue} 60% 45%)"/>
<text x="80" y="78" font-size="30" font-weight="700" text-anchor="middle" fill="#fff" font-family="system-ui, sans-serif">${initials}</text>
<text x="80" y="134" font-size="17" font-weight="600" text-anchor="middle" fill="hsl(${hue} 40% 25%)" font-family="system-ui, sans-serif">${escapeXml(name.length > 14 ? `${name.slice(0, 13)}…` : name)}</text></svg>`;
}
