/**
 * Link checker of the documentation. Two checks, both report every broken link and exit with 1 if there is one:
 *
 * - `npx tsx scripts/checkLinks.ts` checks the Markdown sources (README.md, docs/*.md and the generated item and
 *   settings reference, rendered in memory): every relative link and image must name an existing file, and every
 *   `#anchor` must name a heading of the target page under both GitHub's and typedoc's heading slugs, so the link
 *   works on GitHub and in the built site.
 * - `npx tsx scripts/checkLinks.ts --site docs/api` checks the built HTML site: every relative `href` and `src`
 *   must name an existing file, and every `#anchor` an `id` (or `name`) in the target page.
 *
 * `npm run docs` runs both; test/docLinks.test.ts runs the Markdown check.
 * @module
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (parent of scripts/). */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** One broken link: the file it is in, the link as written and what is wrong. */
export interface BrokenLink {
  /** File containing the link, relative to the checked root. */
  readonly file: string;
  /** The link target as written. */
  readonly target: string;
  /** What is wrong. */
  readonly reason: string;
}

/** Result of a check: how many pages and relative links were checked, and the broken ones. */
export interface LinkReport {
  /** Pages read. */
  readonly pages: number;
  /** Relative links checked (external ones are not counted). */
  readonly links: number;
  /** The broken links. */
  readonly broken: BrokenLink[];
}

/** A link found in a page: its target as written and, for Markdown, its line. */
interface FoundLink {
  readonly target: string;
  readonly line: number;
}

/** Targets that leave the site: a URL scheme (https:, mailto:) or a protocol-relative URL. */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** Splits `path#anchor` (dropping a `?query`); the anchor is decoded, '' if absent. */
function splitTarget(target: string): { path: string; anchor: string } {
  const hash = target.indexOf('#');
  const beforeHash = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? '' : decodeURIComponent(target.slice(hash + 1));
  const query = beforeHash.indexOf('?');
  return { path: decodeURIComponent(query < 0 ? beforeHash : beforeHash.slice(0, query)), anchor };
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown

/** Markdown text with fenced code blocks and inline code spans blanked (line structure kept). */
function withoutCode(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  const kept = lines.map((line) => {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (fence !== undefined) {
      if (opening !== null && opening[1].startsWith(fence)) fence = undefined;
      return '';
    }
    if (opening !== null) {
      fence = opening[1];
      return '';
    }
    return line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
  });
  return kept.join('\n');
}

/** Front matter (between leading `---` lines) removed, replaced by blank lines. */
function withoutFrontMatter(markdown: string): string {
  const match = /^---\n[\s\S]*?\n---\n/.exec(markdown);
  return match === null ? markdown : '\n'.repeat(match[0].split('\n').length - 1) + markdown.slice(match[0].length);
}

/** The links of a Markdown page: `[text](target)`, `![alt](target)`, reference definitions, and HTML href/src. */
export function markdownLinks(markdown: string): FoundLink[] {
  const text = withoutCode(withoutFrontMatter(markdown));
  const found: FoundLink[] = [];
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const inline = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
  for (const match of text.matchAll(inline)) found.push({ target: match[1], line: lineOf(match.index) });
  const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm;
  for (const match of text.matchAll(definition)) found.push({ target: match[1], line: lineOf(match.index) });
  const html = /<(?:a|img|source)\s[^>]*?\b(?:href|src)\s*=\s*"([^"]*)"/gi;
  for (const match of text.matchAll(html)) found.push({ target: match[1], line: lineOf(match.index) });
  return found;
}

/** Heading texts of a Markdown page (ATX headings outside code), in order. */
export function markdownHeadings(markdown: string): string[] {
  const lines = withoutFrontMatter(markdown).split('\n');
  const headings: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (fence !== undefined) {
      if (opening !== null && opening[1].startsWith(fence)) fence = undefined;
      continue;
    }
    if (opening !== null) {
      fence = opening[1];
      continue;
    }
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading !== null) headings.push(heading[1]);
  }
  return headings;
}

/** Inline Markdown reduced to its text: links and images to their text, emphasis markers dropped; code spans kept or dropped. */
function inlineText(heading: string, keepCode: boolean): string {
  return heading.split(/((`+)[\s\S]*?\2)/).map((part, i) => {
    if (i % 3 === 2) return '';
    if (i % 3 === 1) return keepCode ? part.replace(/^`+|`+$/g, '') : '';
    return part
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/(\*\*|__|\*|_)(?=\S)([\s\S]*?\S)\1/g, '$2');
  }).join('');
}

/** Anchors as GitHub makes them: lower case, punctuation removed (letters, digits, '-', '_' kept), spaces to '-', -1, -2 … for repeats. */
export function githubSlugs(headings: readonly string[]): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headings) {
    const base = inlineText(heading, true).trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/**
 * Anchors as typedoc 0.28 makes them (its Slugger on the heading's text tokens, so code spans do not count):
 * punctuation and the Unicode general-punctuation block removed, white space to '-', the first run of '-' collapsed,
 * lower case, -1, -2 … for repeats.
 */
export function typedocSlugs(headings: readonly string[]): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headings) {
    const serialized = inlineText(heading, false).trim()
      .replace(/[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g, '')
      .replace(/\s/g, '-').replace(/--+/, '-') || '_';
    const base = serialized.toLocaleLowerCase();
    let slug = base;
    if (seen.has(base)) {
      let count = seen.get(base)!;
      do {
        count++;
        slug = `${base}-${count}`;
      } while (seen.has(slug));
      seen.set(base, count);
    } else {
      seen.set(base, 0);
    }
    slugs.add(slug);
  }
  return slugs;
}

/** A set of Markdown pages to check: absolute path → text (real files and generated pages). */
export type MarkdownPages = Map<string, string>;

/** The documentation sources: README.md, docs/*.md, and the generated item and settings reference (in memory). */
export function documentationPages(root: string = repositoryRoot): MarkdownPages {
  const pages: MarkdownPages = new Map();
  pages.set(join(root, 'README.md'), readFileSync(join(root, 'README.md'), 'utf8'));
  for (const entry of readdirSync(join(root, 'docs')).sort()) {
    if (entry.endsWith('.md')) pages.set(join(root, 'docs', entry), readFileSync(join(root, 'docs', entry), 'utf8'));
  }
  // the committed references, as a clone has them (test/docsReference.test.ts keeps them equal to the generators' output)
  for (const folder of ['items', 'reference']) {
    for (const entry of readdirSync(join(root, 'docs', folder)).sort()) {
      if (entry.endsWith('.md')) pages.set(join(root, 'docs', folder, entry), readFileSync(join(root, 'docs', folder, entry), 'utf8'));
    }
  }
  return pages;
}

/** Checks the relative links and anchors of Markdown pages; files outside the set must exist on disk. */
export function checkMarkdownLinks(pages: MarkdownPages = documentationPages(), root: string = repositoryRoot): LinkReport {
  const broken: BrokenLink[] = [];
  let links = 0;
  const anchorCache = new Map<string, { github: Set<string>; typedoc: Set<string> }>();
  const anchorsOf = (path: string) => {
    let anchors = anchorCache.get(path);
    if (anchors === undefined) {
      const headings = markdownHeadings(pages.get(path)!);
      anchors = { github: githubSlugs(headings), typedoc: typedocSlugs(headings) };
      anchorCache.set(path, anchors);
    }
    return anchors;
  };
  for (const [file, markdown] of pages) {
    for (const link of markdownLinks(markdown)) {
      if (isExternal(link.target)) continue;
      links++;
      const where = `${relative(root, file)}:${link.line}`;
      const { path, anchor } = splitTarget(link.target);
      const target = path === '' ? file : resolve(dirname(file), path);
      if (!pages.has(target) && !existsSync(target)) {
        broken.push({ file: where, target: link.target, reason: `${relative(root, target)} does not exist` });
        continue;
      }
      if (anchor === '') continue;
      if (!pages.has(target)) {
        broken.push({ file: where, target: link.target, reason: 'an anchor into a file that is not a checked Markdown page' });
        continue;
      }
      const { github, typedoc } = anchorsOf(target);
      if (!github.has(anchor) || !typedoc.has(anchor)) {
        const missing = [github.has(anchor) ? '' : 'GitHub', typedoc.has(anchor) ? '' : 'typedoc'].filter((name) => name !== '').join(' and ');
        broken.push({ file: where, target: link.target, reason: `no heading of ${relative(root, target)} has the anchor #${anchor} under ${missing} slugs` });
      }
    }
  }
  return { pages: pages.size, links, broken };
}

// ---------------------------------------------------------------------------------------------------------------
// HTML site

function htmlFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) files.push(...htmlFiles(path));
    else if (entry.endsWith('.html')) files.push(path);
  }
  return files;
}

/** The `href` and `src` attribute values of an HTML page (entities &amp; decoded). */
export function htmlLinks(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)\s*=\s*"([^"]*)"/gi)].map((match) => match[1].replace(/&amp;/g, '&'));
}

/** The `id` and `name` attribute values of an HTML page. */
export function htmlAnchors(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:id|name)\s*=\s*"([^"]*)"/gi)].map((match) => match[1]));
}

/** Checks every relative link and anchor of the HTML pages below a folder. */
export function checkSiteLinks(folder: string): LinkReport {
  const broken: BrokenLink[] = [];
  let links = 0;
  const files = htmlFiles(folder);
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (path: string) => {
    let anchors = anchorCache.get(path);
    if (anchors === undefined) {
      anchors = htmlAnchors(readFileSync(path, 'utf8'));
      anchorCache.set(path, anchors);
    }
    return anchors;
  };
  for (const file of files) {
    for (const link of htmlLinks(readFileSync(file, 'utf8'))) {
      if (link === '' || link === '#' || isExternal(link)) continue;
      links++;
      const { path, anchor } = splitTarget(link);
      const target = path === '' ? file : resolve(dirname(file), path);
      const where = relative(folder, file);
      if (!existsSync(target) || statSync(target).isDirectory() && !existsSync(join(target, 'index.html'))) {
        broken.push({ file: where, target: link, reason: `${relative(folder, target)} does not exist` });
        continue;
      }
      if (anchor === '' || !target.endsWith('.html')) continue;
      if (!anchorsOf(target).has(anchor)) broken.push({ file: where, target: link, reason: `${relative(folder, target)} has no id "${anchor}"` });
    }
  }
  return { pages: files.length, links, broken };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const siteFlag = process.argv.indexOf('--site');
  const site = siteFlag >= 0 ? process.argv[siteFlag + 1] : undefined;
  if (siteFlag >= 0 && site === undefined) {
    console.error('checkLinks: --site needs a folder, e.g. --site docs/api');
    process.exit(2);
  }
  const report = site === undefined ? checkMarkdownLinks() : checkSiteLinks(resolve(site));
  const what = `${report.links} relative links in ${report.pages} pages of the ${site === undefined ? 'Markdown sources' : `site ${site}`}`;
  for (const link of report.broken) console.error(`${link.file}: ${link.target}: ${link.reason}`);
  if (report.broken.length > 0) {
    console.error(`checkLinks: ${report.broken.length} broken among ${what}`);
    process.exit(1);
  }
  console.log(`checkLinks: no broken links among ${what}`);
}
