#!/usr/bin/env node
// The flexdyn command (package.json "bin"): runs src/cli.ts through tsx's loader, as the sources are TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
