/**
 * Writes src/linalg/denseLUKernelsModule.ts: the bytes of the dense LU's WebAssembly kernels (built from
 * src/linalg/denseLUKernelsSource.ts) as base64, which the engine loads. Run after changing the kernels' source
 * (`npm run generate:wasm`); test/linalg/denseLUKernels.test.ts fails while the file and the source differ.
 */
import { writeFileSync } from 'node:fs';
import { denseLUModuleText } from '../src/linalg/denseLUKernelsSource.ts';

writeFileSync(new URL('../src/linalg/denseLUKernelsModule.ts', import.meta.url), denseLUModuleText());
