// Renders the per-theme favicons (PNG for Apple devices, ICO for old browsers) from the SVG sources in
// public/ with the local Chromium. Run after changing a favicon SVG: `npx tsx scripts/make-favicons.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { root } from "./lib/run.mjs";

async function render(svg: string, size: number): Promise<Buffer> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<html><body style="margin:0">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  const png = await page.screenshot({ omitBackground: true });
  await browser.close();
  return png;
}

/** An ICO holding one PNG image (supported by every browser since Vista-era IE). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

for (const theme of ["alfa", "halva"]) {
  const svg = readFileSync(join(root, `public/favicon-${theme}.svg`), "utf8");
  writeFileSync(join(root, `public/apple-touch-icon-${theme}.png`), await render(svg, 180));
  writeFileSync(join(root, `public/favicon-${theme}.ico`), ico(await render(svg, 32), 32));
}
console.info("favicons written to public/");
