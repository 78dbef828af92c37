"use client";

import Link from "next/link";
import { Children, cloneElement, createElement, isValidElement, type ComponentProps, type ElementType, type HTMLAttributes, type ReactElement } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cn } from "@/lib/utils";
import { rehypeSymbolLinks } from "./symbol-links";

/** A markdown element drawn as `tag` with the summary's classes over its own (react-markdown's `node` left out). */
function styled(tag: ElementType, classes: string) {
  function Styled({ node: _n, className, ...props }: HTMLAttributes<HTMLElement> & ExtraProps) {
    return createElement(tag, { className: cn(classes, className), ...props });
  }
  return Styled;
}

const components: Components = {
  h1: styled("h2", "mt-1 text-xl font-semibold tracking-tight"),
  h2: styled("h3", "mt-6 border-b pb-1 text-base font-semibold"),
  h3: styled("h4", "mt-4 text-sm font-semibold"),
  h4: styled("h5", "mt-3 text-sm font-medium"),
  p: styled("p", "mt-3 leading-relaxed"),
  ul: styled("ul", "mt-2 list-disc space-y-1.5 pl-5 marker:text-muted-foreground"),
  // The only numbered list of a summary is its Sources: each item is the target of the text's [n] citations.
  ol: ({ node: _n, className, children, start, ...props }) => {
    let n = (start ?? 1) - 1;
    return (
      <ol className={cn("mt-2 list-decimal space-y-1.5 pl-5 marker:text-muted-foreground", className)} start={start} {...props}>
        {Children.map(children, (child) => (isValidElement(child) ? cloneElement(child as ReactElement<{ id?: string }>, { id: `source-${++n}` }) : child))}
      </ol>
    );
  },
  li: styled("li", "leading-relaxed"),
  em: styled("em", "text-muted-foreground"),
  strong: styled("strong", "font-semibold text-foreground"),
  blockquote: styled("blockquote", "mt-3 border-l-2 pl-3 text-muted-foreground"),
  code: styled("code", "rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]"),
  hr: styled("hr", "my-4"),
  table: ({ node: _n, className, ...props }) => (
    <div className="relative mt-3 w-full overflow-x-auto rounded-md border">
      <table className={cn("w-full text-sm", className)} {...props} />
    </div>
  ),
  thead: styled("thead", "bg-muted/60"),
  tr: styled("tr", "border-b last:border-0"),
  th: styled("th", "px-3 py-2 text-left font-medium whitespace-nowrap"),
  td: styled("td", "px-3 py-2 align-top tabular-nums"),
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
