/**
 * Writes src/linalg/denseLUKernelsModule.ts and src/linalg/symmetricEigenKernelsModule.ts: the bytes of the dense LU's
 * and of the symmetric eigen decomposition's WebAssembly kernels (built from src/linalg/denseLUKernelsSource.ts and
 * src/linalg/symmetricEigenKernelsSource.ts) as base64, which the engine loads. Run after changing the kernels' source
 * (`npm run generate:wasm`); test/linalg/denseLUKernels.test.ts and test/linalg/symmetricEigenKernels.test.ts fail
 * while the files and the sources differ.
 */
import { writeFileSync } from 'node:fs';
import { denseLUModuleText } from '../src/linalg/denseLUKernelsSource.ts';
import { symmetricEigenModuleText } from '../src/linalg/symmetricEigenKernelsSource.ts';

writeFileSync(new URL('../src/linalg/denseLUKernelsModule.ts', import.meta.url), denseLUModuleText());
writeFileSync(new URL('../src/linalg/symmetricEigenKernelsModule.ts', import.meta.url), symmetricEigenModuleText());
