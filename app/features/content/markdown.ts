/** Blocks of the small Markdown subset content pages are written in. */
export type Block =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] };

/**
 * Parses "## " headings, "- " lists and paragraphs separated by blank lines. Text stays text: it is
 * rendered by React, so nothing an editor types can become markup.
 */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.replace(/\r\n/g, "\n").split(/\n{2,}/)) {
    const lines = chunk
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((l) => l.startsWith("- "))) {
      blocks.push({ kind: "list", items: lines.map((l) => l.slice(2).trim()) });
    } else if (lines.length === 1 && lines[0]!.startsWith("## ")) {
      blocks.push({ kind: "heading", text: lines[0]!.slice(3).trim() });
    } else if (lines[0]!.startsWith("## ")) {
      blocks.push({ kind: "heading", text: lines[0]!.slice(3).trim() });
      blocks.push(...parseMarkdown(lines.slice(1).join("\n")));
    } else {
      blocks.push({ kind: "paragraph", text: lines.join(" ") });
    }
  }
  return blocks;
}
