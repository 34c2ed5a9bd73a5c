import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { generateItemPages } from '../scripts/generateItemDocs.ts';
import { renderSettingsPage } from '../scripts/generateSettingsDocs.ts';

const docs = new URL('../docs/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, docs), 'utf8');
const regenerate = 'regenerate them with `npm run docs:reference` and commit the result';

describe('the committed references (docs/items/, docs/reference/)', () => {
  it('are what the generators write from the item registry now, with no stale page', () => {
    const pages = generateItemPages();
    const committed = readdirSync(new URL('items/', docs)).filter((f) => f.endsWith('.md')).sort();
    expect(committed, `docs/items/ must hold exactly the generated pages; ${regenerate}`).toEqual(pages.map((p) => p.fileName).sort());
    for (const page of pages) expect(read(`items/${page.fileName}`), `docs/items/${page.fileName} is out of date; ${regenerate}`).toBe(page.markdown);
  });

  it('settings reference equals the one generated from SimulationSettings', () => {
    expect(read('reference/SimulationSettings.md'), `docs/reference/SimulationSettings.md is out of date; ${regenerate}`).toBe(renderSettingsPage());
  });
});
