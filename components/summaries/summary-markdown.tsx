"use client";

import Link from "next/link";
import { Children, cloneElement, isValidElement, type ComponentProps, type ReactElement } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cn } from "@/lib/utils";
import { rehypeSymbolLinks } from "./symbol-links";

const components: Components = {
  h1: ({ node: _n, className, ...props }) => <h2 className={cn("mt-1 text-xl font-semibold tracking-tight", className)} {...props} />,
  h2: ({ node: _n, className, ...props }) => <h3 className={cn("mt-6 border-b pb-1 text-base font-semibold", className)} {...props} />,
  h3: ({ node: _n, className, ...props }) => <h4 className={cn("mt-4 text-sm font-semibold", className)} {...props} />,
  h4: ({ node: _n, className, ...props }) => <h5 className={cn("mt-3 text-sm font-medium", className)} {...props} />,
  p: ({ node: _n, className, ...props }) => <p className={cn("mt-3 leading-relaxed", className)} {...props} />,
  ul: ({ node: _n, className, ...props }) => <ul className={cn("mt-2 list-disc space-y-1.5 pl-5 marker:text-muted-foreground", className)} {...props} />,
  // The only numbered list of a summary is its Sources: each item is the target of the text's [n] citations.
  ol: ({ node: _n, className, children, start, ...props }) => {
    let n = (start ?? 1) - 1;
    return (
      <ol className={cn("mt-2 list-decimal space-y-1.5 pl-5 marker:text-muted-foreground", className)} start={start} {...props}>
        {Children.map(children, (child) => (isValidElement(child) ? cloneElement(child as ReactElement<{ id?: string }>, { id: `source-${++n}` }) : child))}
      </ol>
    );
  },
  li: ({ node: _n, className, ...props }) => <li className={cn("leading-relaxed", className)} {...props} />,
  em: ({ node: _n, className, ...props }) => <em className={cn("text-muted-foreground", className)} {...props} />,
  strong: ({ node: _n, className, ...props }) => <strong className={cn("font-semibold text-foreground", className)} {...props} />,
  blockquote: ({ node: _n, className, ...props }) => <blockquote className={cn("mt-3 border-l-2 pl-3 text-muted-foreground", className)} {...props} />,
  code: ({ node: _n, className, ...props }) => <code className={cn("rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]", className)} {...props} />,
  hr: ({ node: _n, className, ...props }) => <hr className={cn("my-4", className)} {...props} />,
  table: ({ node: _n, className, ...props }) => (
    <div className="relative mt-3 w-full overflow-x-auto rounded-md border">
      <table className={cn("w-full text-sm", className)} {...props} />
    </div>
  ),
  thead: ({ node: _n, className, ...props }) => <thead className={cn("bg-muted/60", className)} {...props} />,
  tr: ({ node: _n, className, ...props }) => <tr className={cn("border-b last:border-0", className)} {...props} />,
  th: ({ node: _n, className, ...props }) => <th className={cn("px-3 py-2 text-left font-medium whitespace-nowrap", className)} {...props} />,
  td: ({ node: _n, className, ...props }) => <td className={cn("px-3 py-2 align-top tabular-nums", className)} {...props} />,
  a: ({ node: _n, href, className, children, ...props }) => {
    const linkClass = cn("font-medium text-primary underline underline-offset-4 hover:decoration-2", className);
    if (href?.startsWith("#source-")) {
      return (
        <a href={href} className="align-super text-[0.7em] font-medium text-primary no-underline hover:underline" data-citation={href.slice(8)} {...props}>
          {children}
        </a>
      );
    }
    if (href?.startsWith("/")) {
      return (
        <Link href={href} className={cn(linkClass, (props as { "data-symbol"?: string })["data-symbol"] && "font-mono")} {...props}>
          {children}
        </Link>
      );
    }
    return (
      <a href={href} className={linkClass} target="_blank" rel="noreferrer noopener" {...props}>
        {children}
      </a>
    );
  },
};

/** A summary's citation markers ("[3]") as links to their line under Sources. */
export function linkCitations(markdown: string): string {
  return /^## Sources\s*$/m.test(markdown) ? markdown.replace(/\[(\d+)\](?![(\[])/g, "[\\[$1\\]](#source-$1)") : markdown;
}

/** A summary's markdown, styled for reading (GFM tables included); the request's symbols link to their pages. */
export function SummaryMarkdown({ markdown, symbols, className, ...props }: { markdown: string; symbols: readonly string[] } & ComponentProps<"div">) {
  return (
    <div className={cn("max-w-none text-sm text-foreground", className)} data-testid="summary-markdown" {...props}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[[rehypeSymbolLinks, { symbols }]]} components={components}>
        {linkCitations(markdown)}
      </ReactMarkdown>
    </div>
  );
}
