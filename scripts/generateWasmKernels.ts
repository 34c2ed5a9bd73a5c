/**
 * Writes src/linalg/denseLUKernelsModule.ts, src/linalg/symmetricEigenKernelsModule.ts,
 * src/linalg/sparseLDLTKernelsModule.ts, src/linalg/sparseLUKernelsModule.ts and the modules of the item kernels that
 * scripts/wasmKernelCompiler.ts compiles (its kernelSources): the bytes of the dense LU's, the
 * symmetric eigen decomposition's, the sparse LDLᵀ's and the sparse LU's WebAssembly kernels (built from
 * src/linalg/denseLUKernelsSource.ts, src/linalg/symmetricEigenKernelsSource.ts, src/linalg/sparseLDLTKernelsSource.ts
 * and src/linalg/sparseLUKernelsSource.ts) and of the item kernels as base64, which the engine loads. Run after
 * changing the kernels' source (`npm run generate:wasm`); test/linalg/denseLUKernels.test.ts,
 * test/linalg/symmetricEigenKernels.test.ts, test/linalg/sparseLDLTKernels.test.ts, test/linalg/sparseLUKernels.test.ts
 * and test/scripts/wasmKernelCompiler.test.ts fail while the files and the sources differ.
 */
import { writeFileSync } from 'node:fs';
import { denseLUModuleText } from '../src/linalg/denseLUKernelsSource.ts';
import { symmetricEigenModuleText } from '../src/linalg/symmetricEigenKernelsSource.ts';
import { sparseLDLTModuleText } from '../src/linalg/sparseLDLTKernelsSource.ts';
import { sparseLUModuleText } from '../src/linalg/sparseLUKernelsSource.ts';
import { kernelModuleText, kernelSources } from './wasmKernelCompiler.ts';

writeFileSync(new URL('../src/linalg/denseLUKernelsModule.ts', import.meta.url), denseLUModuleText());
writeFileSync(new URL('../src/linalg/symmetricEigenKernelsModule.ts', import.meta.url), symmetricEigenModuleText());
writeFileSync(new URL('../src/linalg/sparseLDLTKernelsModule.ts', import.meta.url), sparseLDLTModuleText());
writeFileSync(new URL('../src/linalg/sparseLUKernelsModule.ts', import.meta.url), sparseLUModuleText());
for (const kernel of kernelSources) writeFileSync(new URL(`../${kernel.module}`, import.meta.url), kernelModuleText(kernel));
