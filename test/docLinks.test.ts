import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkMarkdownLinks, checkSiteLinks, githubSlugs, markdownLinks, typedocSlugs } from '../scripts/checkLinks.ts';
import { familyOf, generateItemPages, itemFamilies, itemFullName } from '../scripts/generateItemDocs.ts';
import { formatSettingValue, readSettingsClasses, renderSettingsPage, settingsLeaves } from '../scripts/generateSettingsDocs.ts';
import { itemDefinitions } from '../src/items/index.ts';
import { SimulationSettings } from '../src/solvers/SimulationSettings.ts';

describe('documentation links', () => {
  it('has no broken relative link or anchor in README.md, docs/*.md and the generated reference', () => {
    const report = checkMarkdownLinks();
    expect(report.broken).toEqual([]);
    // README, the guides, one page per item, the item index and the settings reference
    expect(report.pages).toBeGreaterThanOrEqual(itemDefinitions.length + 8);
    expect(report.links).toBeGreaterThan(itemDefinitions.length);
  });

  it('finds broken files and anchors, ignores code and external links', () => {
    const root = '/virtual';
    const pages = new Map([
      ['/virtual/a.md', [
        '# Title', '', '## Use `mbs.solve` now', '', '## Repeated', '', '## Repeated', '',
        '[ok](./b.md#second-part) [self](#title) [repeat](#repeated-1) [web](https://example.org/x.md#nothing)',
        '[missing file](./c.md) [missing anchor](./b.md#third)',
        '[github only](#use-mbssolve-now) [typedoc only](#use-now)',
        '```ts', '[in code](./nowhere.md)', '```', 'and `[inline](./nowhere.md)` too',
        '<img src="images/none.svg">',
      ].join('\n')],
      ['/virtual/b.md', '---\ntitle: B\n---\n# First part\n\n## Second part\n'],
    ]);
    const report = checkMarkdownLinks(pages, root);
    expect(report.broken.map((link) => link.target)).toEqual(['./c.md', './b.md#third', '#use-mbssolve-now', '#use-now', 'images/none.svg']);
    expect(report.broken[0].file).toBe('a.md:10');
    expect(report.broken[2].reason).toContain('under typedoc slugs');
    expect(report.broken[3].reason).toContain('under GitHub slugs');
    expect(report.links).toBe(8);
  });

  it('makes heading anchors as GitHub and typedoc do', () => {
    // typedoc's ids observed in docs/api for the headings of docs/decisions.md; GitHub keeps code spans, typedoc drops them
    const headings = ['Sensor files default to `solution/sensor<i>.txt`', 'Eigenvalues are returned as |ω²|, sorted ascending', 'A — b', 'A — b'];
    expect([...typedocSlugs(headings)]).toEqual(['sensor-files-default-to', 'eigenvalues-are-returned-as-ω²-sorted-ascending', 'a-b', 'a-b-1']);
    expect([...githubSlugs(headings)]).toEqual(['sensor-files-default-to-solutionsensoritxt', 'eigenvalues-are-returned-as-ω²-sorted-ascending', 'a--b', 'a--b-1']);
  });

  it('reads inline links, reference definitions and HTML attributes with their lines', () => {
    const links = markdownLinks('x [a](./a.md "t")\n![b](<img/b.svg>)\n[ref]: ./c.md\n<a href="d.html#x">d</a>');
    expect(links).toEqual([
      { target: './a.md', line: 1 }, { target: 'img/b.svg', line: 2 }, { target: './c.md', line: 3 }, { target: 'd.html#x', line: 4 },
    ]);
  });

  it('checks relative hrefs, srcs and anchors of a built site', () => {
    const folder = mkdtempSync(join(tmpdir(), 'flexdyn-site-'));
    try {
      mkdirSync(join(folder, 'documents'));
      writeFileSync(join(folder, 'index.html'), '<a href="documents/g.html#usage">ok</a><a href="documents/g.html#nope">bad anchor</a>'
        + '<img src="media/x.svg"><a href="https://example.org/">web</a><a href="#">top</a><a href="#top" id="top">self</a>');
      writeFileSync(join(folder, 'documents', 'g.html'), '<h2 id="usage">Usage</h2><a href="../index.html?cache=1#top">back</a>');
      const report = checkSiteLinks(folder);
      expect(report.pages).toBe(2);
      expect(report.links).toBe(5);
      expect(report.broken.map((link) => [link.file, link.target])).toEqual([['index.html', 'documents/g.html#nope'], ['index.html', 'media/x.svg']]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('item families', () => {
  it('put every item in exactly one family table of the index', () => {
    const index = generateItemPages().find((page) => page.fileName === 'index.md')!.markdown;
    for (const definition of itemDefinitions) {
      const name = itemFullName(definition);
      expect(index.split(`| [${name}](./${name}.md) |`).length - 1, name).toBe(1);
    }
    for (const family of itemFamilies) expect(index).toContain(`### ${family.title}\n\n${family.description}\n`);
    expect(familyOf(itemDefinitions.find((definition) => itemFullName(definition) === 'ObjectJointSpherical')!).title).toBe('Joints and constraints');
    expect(familyOf(itemDefinitions.find((definition) => itemFullName(definition) === 'ObjectConnectorCoordinateSpringDamper')!).title).toBe('Springs, dampers and forces');
  });

  it('list an item of no family under "Other <category>"', () => {
    const unknown = { ...itemDefinitions.find((definition) => definition.category === 'Object')!, typeName: 'Unclassified' };
    expect(itemFamilies.map((family) => family.title)).not.toContain(familyOf(unknown).title);
    const index = generateItemPages([...itemDefinitions, unknown]).find((page) => page.fileName === 'index.md')!.markdown;
    expect(index).toContain('### Other objects\n\nObjects that belong to none of the families above.\n\n| Item | Factories | Description |\n| --- | --- | --- |\n| [ObjectUnclassified](./ObjectUnclassified.md) |');
  });
});

describe('settings reference', () => {
  const page = renderSettingsPage();
  const classes = readSettingsClasses();

  it('lists every field of a new SimulationSettings with its default', () => {
    const leaves = settingsLeaves(new SimulationSettings());
    expect(leaves.length).toBeGreaterThan(60);
    for (const { path, value } of leaves) {
      const name = path.split('.').at(-1)!;
      expect(page, path).toContain(`| \`${name}\` | \`${formatSettingValue(value)}\` |`);
    }
    expect(leaves.find((leaf) => leaf.path === 'timeIntegration.generalizedAlpha.spectralRadius')?.value).toBe(0.9);
    expect(page).toContain('| `spectralRadius` | `0.9` | Spectral radius ρ∞ at infinite frequency, in [0, 1]. |');
  });

  it('has a doc comment for every field and every class', () => {
    expect(classes.size).toBeGreaterThanOrEqual(8);
    for (const settingsClass of classes.values()) {
      expect(settingsClass.description, settingsClass.name).not.toBe('');
      for (const field of settingsClass.fields) expect(field.description, `${settingsClass.name}.${field.name}`).not.toBe('');
    }
  });

  it('fails on an undocumented field', () => {
    const source = 'export class SimulationSettings {\n  /** Documented. */\n  displayStatistics = false;\n  linearSolverType = 1;\n}\n';
    expect(() => renderSettingsPage(readSettingsClasses(source), { displayStatistics: false, linearSolverType: 1 })).toThrow('SimulationSettings.linearSolverType has no doc comment');
  });
});

describe('porting guide', () => {
  const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

  it('shows examples/pendulumPort.ts verbatim, and the example prints what the guide says', () => {
    const guide = read('docs/porting-from-exudyn.md');
    const example = read('examples/pendulumPort.ts');
    expect(/```ts\n([\s\S]*?)```/.exec(guide)?.[1]).toBe(example);
    const printed = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../examples/pendulumPort.ts', import.meta.url))], { encoding: 'utf8' }).trim();
    expect(guide).toContain(`It prints \`${printed}\``);
    // one small-angle period: the large-amplitude series predicts x(T0) to about 1e-9 m with h = T0/2000 (trapezoidal rule)
    const [simulated, expected] = [...printed.matchAll(/(\d\.\d+) m/g)].map((match) => Number(match[1]));
    expect(Math.abs(simulated - expected)).toBeLessThan(1e-9);
  }, 60_000); // a child process with tsx: a few seconds, more on a loaded machine
});

describe('examples index', () => {
  it('lists every example script with its run command and a picture', () => {
    const index = readFileSync(new URL('../docs/examples.md', import.meta.url), 'utf8');
    const examples = readdirSync(new URL('../examples/', import.meta.url)).filter((file) => file.endsWith('.ts'));
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const file of examples) {
      const section = index.split(/^## /m).find((part) => part.includes(`\`examples/${file}\``));
      expect(section, `docs/examples.md has no section for examples/${file}`).toBeDefined();
      expect(section, file).toContain(`npx tsx examples/${file}`);
      expect(section, `the section of examples/${file} has no picture`).toMatch(/!\[[^\]]+\]\(images\/[\w.-]+\.(svg|png)\)/);
    }
  });
});
