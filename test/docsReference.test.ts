import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { generateItemPages, updateItemsOverview } from '../scripts/generateItemDocs.ts';
import { renderSettingsPage } from '../scripts/generateSettingsDocs.ts';

const docs = new URL('../docs/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, docs), 'utf8');
const regenerate = 'regenerate them with `npm run docs:reference` and commit the result';

describe('the committed references (docs/items/, docs/items-overview.md, docs/reference/)', () => {
  it('are what the generators write from the item registry now, with no stale page', () => {
    const pages = generateItemPages();
    const committed = readdirSync(new URL('items/', docs)).filter((f) => f.endsWith('.md')).sort();
    expect(committed, `docs/items/ must hold exactly the generated pages; ${regenerate}`).toEqual(pages.map((p) => p.fileName).sort());
    for (const page of pages) expect(read(`items/${page.fileName}`), `docs/items/${page.fileName} is out of date; ${regenerate}`).toBe(page.markdown);
  });

  it('the family tables of docs/items-overview.md are generated from the registry: every family (Contact too) and every item type', () => {
    const overview = read('items-overview.md');
    expect(overview, `docs/items-overview.md is out of date; ${regenerate}`).toBe(updateItemsOverview(overview));
    expect(overview).toMatch(/\| \[Contact\]\(\.\/items\/index\.md#contact\) \| .*\[ObjectContactSphereSphere\]\(\.\/items\/ObjectContactSphereSphere\.md\)/);
    for (const page of generateItemPages()) {
      if (page.fileName !== 'index.md') expect(overview, page.fileName).toContain(`(./items/${page.fileName})`);
    }
  });

  it('settings reference equals the one generated from SimulationSettings', () => {
    expect(read('reference/SimulationSettings.md'), `docs/reference/SimulationSettings.md is out of date; ${regenerate}`).toBe(renderSettingsPage());
  });
});
