import { parseMarkdown } from "../markdown.ts";

export function ContentBody({ source }: { source: string }) {
  return (
    <div className="content-body">
      {parseMarkdown(source).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === "heading") return <h2 key={key}>{block.text}</h2>;
        if (block.kind === "list")
          return (
            <ul key={key}>
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        return <p key={key}>{block.text}</p>;
      })}
    </div>
  );
}
