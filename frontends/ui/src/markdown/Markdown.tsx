import { Fragment, type ReactNode } from 'react';

/**
 * Markdown for articles (seed 000 §9: the article editor is a markdown editor), rendered to React
 * elements, never to an HTML string: raw HTML in the text stays text (a `<script>` shows as
 * written and never runs), and links and images take only http(s), mailto and same-site URLs.
 * Covers what articles use: headings, paragraphs, lists, quotes, code blocks, rules, bold, italic,
 * inline code, links and images.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return <div className={className}>{blocks(source)}</div>;
}

/** A URL a link or image may use, or undefined. */
export function safeUrl(url: string, kind: 'link' | 'image' = 'link'): string | undefined {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  if (/^https?:\/\/[^\s]+$/i.test(trimmed)) return trimmed;
  if (kind === 'link' && /^mailto:[^\s]+$/i.test(trimmed)) return trimmed;
  return undefined;
}

/** Plain text of markdown (search, previews): the marks dropped. */
export function markdownText(source: string): string {
  return source
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function blocks(source: string): ReactNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: ReactNode[] = [];
  let i = 0;
  const key = () => `b${out.length}`;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = /^```/.exec(line.trim());
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith('```')) code.push(lines[i++] ?? '');
      i++;
      out.push(
        <pre key={key()}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1]!.length + 1) as 2 | 3 | 4 | 5 | 6;
      const Tag = `h${level}` as const;
      out.push(<Tag key={key()}>{inline(heading[2]!.replace(/\s#+\s*$/, ''))}</Tag>);
      i++;
      continue;
    }
    if (/^(\*\s*){3,}$|^(-\s*){3,}$|^(_\s*){3,}$/.test(line.trim())) {
      out.push(<hr key={key()} />);
      i++;
      continue;
    }
    if (/^>\s?/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^>\s?/.test(lines[i] ?? '')) quoted.push((lines[i++] ?? '').replace(/^>\s?/, ''));
      out.push(<blockquote key={key()}>{blocks(quoted.join('\n'))}</blockquote>);
      continue;
    }
    const bullet = /^\s*[-*+]\s+/;
    const numbered = /^\s*\d+[.)]\s+/;
    if (bullet.test(line) || numbered.test(line)) {
      const ordered = numbered.test(line);
      const marker = ordered ? numbered : bullet;
      const items: string[] = [];
      while (i < lines.length && marker.test(lines[i] ?? '')) {
        let item = (lines[i++] ?? '').replace(marker, '');
        // Continuation lines (indented) belong to the item.
        while (i < lines.length && /^\s{2,}\S/.test(lines[i] ?? '') && !marker.test(lines[i] ?? '')) item += ` ${(lines[i++] ?? '').trim()}`;
        items.push(item);
      }
      const List = ordered ? 'ol' : 'ul';
      out.push(
        <List key={key()}>
          {items.map((item, n) => (
            <li key={n}>{inline(item)}</li>
          ))}
        </List>,
      );
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && (lines[i] ?? '').trim() !== '' && !/^(#{1,6}\s|```|>|\s*[-*+]\s+|\s*\d+[.)]\s+)/.test(lines[i] ?? '')) paragraph.push((lines[i++] ?? '').trim());
    out.push(<p key={key()}>{inline(paragraph.join(' '))}</p>);
  }
  return out;
}

const INLINE = /(!\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\))|(\[([^\]]+)\]\(([^)\s]*)(?:\s+"[^"]*")?\))|(`([^`]+)`)|(\*\*([^*]+)\*\*|__([^_]+)__)|(\*([^*]+)\*|_([^_]+)_)/;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push(rest);
      break;
    }
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const k = `i${n++}`;
    if (match[1]) {
      const src = safeUrl(match[3] ?? '', 'image');
      out.push(src ? <img key={k} src={src} alt={match[2] ?? ''} loading="lazy" /> : <Fragment key={k}>{match[2]}</Fragment>);
    } else if (match[4]) {
      const href = safeUrl(match[6] ?? '');
      const external = href ? /^https?:/i.test(href) : false;
      out.push(
        href ? (
          <a key={k} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {inline(match[5] ?? '')}
          </a>
        ) : (
          <Fragment key={k}>{match[5]}</Fragment>
        ),
      );
    } else if (match[7]) {
      out.push(<code key={k}>{match[8]}</code>);
    } else if (match[9]) {
      out.push(<strong key={k}>{inline(match[10] ?? match[11] ?? '')}</strong>);
    } else {
      out.push(<em key={k}>{inline(match[13] ?? match[14] ?? '')}</em>);
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return out;
}
