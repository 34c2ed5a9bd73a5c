/** A parsed XML element. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside the element (entities decoded). */
  text: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string, where: number): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);|&/g, (match, body: string | undefined) => {
    if (body === undefined) throw new Error(`XML: bare '&' near offset ${where}`);
    if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
    const e = entities[body];
    if (e === undefined) throw new Error(`XML: unknown entity &${body}; near offset ${where}`);
    return e;
  });
}

/**
 * A strict well-formedness parser for the XML Flexdyn writes (SVG, VTK): one root element,
 * matching tags, quoted unique attributes, known entities, no stray '<' or '&'. Throws on error.
 */
export function parseXml(source: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const nameRe = /[A-Za-z_:][A-Za-z0-9_:.-]*/y;
  const readName = (): string => {
    nameRe.lastIndex = i;
    const m = nameRe.exec(source);
    if (m === null) throw new Error(`XML: expected a name at offset ${i}`);
    i += m[0].length;
    return m[0];
  };
  const skipSpace = () => { while (i < source.length && /\s/.test(source[i])) i++; };
  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end < 0) throw new Error('XML: unterminated declaration');
    i = end + 2;
  }
  while (i < source.length) {
    if (source[i] !== '<') {
      const next = source.indexOf('<', i);
      const text = source.slice(i, next < 0 ? source.length : next);
      if (stack.length === 0) {
        if (text.trim() !== '') throw new Error(`XML: text outside the root element at offset ${i}`);
      } else {
        if (text.includes('>')) throw new Error(`XML: '>' in character data at offset ${i}`);
        stack[stack.length - 1].text += decode(text, i);
      }
      i = next < 0 ? source.length : next;
      continue;
    }
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i);
      if (end < 0) throw new Error('XML: unterminated comment');
      i = end + 3;
      continue;
    }
    if (source.startsWith('</', i)) {
      i += 2;
      const name = readName();
      skipSpace();
      if (source[i] !== '>') throw new Error(`XML: expected '>' at offset ${i}`);
      i++;
      const open = stack.pop();
      if (open === undefined || open.name !== name) throw new Error(`XML: closing tag </${name}> does not match <${open?.name ?? '(none)'}>`);
      continue;
    }
    i++;
    const element: XmlElement = { name: readName(), attributes: {}, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent !== undefined) parent.children.push(element);
    else {
      if (root !== undefined) throw new Error(`XML: second root element <${element.name}>`);
      root = element;
    }
    for (;;) {
      skipSpace();
      if (source.startsWith('/>', i)) { i += 2; break; }
      if (source[i] === '>') { i++; stack.push(element); break; }
      const attribute = readName();
      skipSpace();
      if (source[i] !== '=') throw new Error(`XML: expected '=' after attribute ${attribute} at offset ${i}`);
      i++;
      skipSpace();
      const quote = source[i];
      if (quote !== '"' && quote !== "'") throw new Error(`XML: attribute ${attribute} must be quoted at offset ${i}`);
      const end = source.indexOf(quote, i + 1);
      if (end < 0) throw new Error(`XML: unterminated attribute ${attribute}`);
      const value = source.slice(i + 1, end);
      if (value.includes('<')) throw new Error(`XML: '<' in attribute ${attribute}`);
      if (attribute in element.attributes) throw new Error(`XML: duplicate attribute ${attribute} on <${element.name}>`);
      element.attributes[attribute] = decode(value, i);
      i = end + 1;
    }
  }
  if (stack.length > 0) throw new Error(`XML: unclosed element <${stack[stack.length - 1].name}>`);
  if (root === undefined) throw new Error('XML: no root element');
  return root;
}

/** All descendants (depth first) with the given name. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (e: XmlElement) => { for (const c of e.children) { if (c.name === name) out.push(c); visit(c); } };
  visit(element);
  return out;
}
