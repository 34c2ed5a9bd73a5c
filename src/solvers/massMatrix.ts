import { SparseAssembler } from '../linalg/sparse.ts';
import { addGlobalEntries, EntryAccumulator, type SystemAssembler, type MatrixAccumulator } from '../model/assembly.ts';
import type { SystemState } from '../model/SystemState.ts';

/** The assembled system mass matrix in sparse form, for products M·a and for adding it into Jacobians. */
export class MassMatrixStore {
  /**
   * The assembled M, created at the first {@link MassMatrixStore.update}: a run whose M is state-dependent with disjoint
   * object coordinates never assembles it (its products and Jacobian terms come from the local matrices, its initial
   * accelerations through {@link MassMatrixStore.addWithMassless}).
   */
  private storage?: SparseAssembler;
  private readonly n: number;
  private assembled = false;
  /** The model's nodeObjectRevision M was assembled at: a run-time change of a node or object (a new mass) assembles a constant M again. */
  private assembledRevision = -1;
  /** The indices 0 … n_u − 1 (index map for addTo), made at its first call. */
  private identity: Int32Array = new Int32Array(0);
  /** The column of each stored entry, for the pattern of version columnsVersion. */
  private columns = new Int32Array(0);
  private columnsVersion = -1;
  /**
   * The kept (constant) M by rows without its exact zeros (a consistent element mass has zero couplings between position
   * and angle coordinates: two thirds of gridGeomExactBeam2D's stored entries), each row's entries in ascending column
   * order: the product sums each row in a register, adding a row's products by ascending column as the column loop over
   * the assembled M does; an empty rowPtr while M is not kept (the product then reads the assembled M).
   */
  private rowPtr = new Int32Array(0);
  private rowColumn = new Int32Array(0);
  private rowValues = new Float64Array(0);
  /** The diagonal of M that {@link MassMatrixStore.addWithMassless} sums on the way (made at its first call). */
  private recordedDiagonal?: Float64Array;

  /** reuseConstant: keep a constant mass matrix (assemble it once per node and object revision) when the model has one. */
  constructor(private readonly assembler: SystemAssembler, private readonly reuseConstant: boolean) {
    this.n = assembler.model.nu;
  }

  /** The sparse store of M, created at its first use. */
  private store(): SparseAssembler {
    return this.storage ??= new SparseAssembler(this.n);
  }

  /** True if M is kept: requested and every mass matrix constant (which a run-time change may alter). */
  get constant(): boolean {
    return this.reuseConstant && this.assembler.model.hasConstantMassMatrix;
  }

  /** True if the kept M is current: assembled at the model's node and object revision (only meaningful when {@link constant}). */
  get current(): boolean {
    return this.assembled && this.assembledRevision === this.assembler.model.nodeObjectRevision;
  }

  /** Assembles M at state s (only once per node and object revision if the mass matrix is constant). */
  update(s: SystemState): void {
    if (this.constant && this.current) return;
    const storage = this.store();
    storage.begin();
    this.assembler.addMassMatrix(s, storage, 1);
    storage.end();
    this.assembled = true;
    this.assembledRevision = this.assembler.model.nodeObjectRevision;
    if (this.constant) this.keepRowsForProduct();
    else if (this.rowPtr.length > 0) this.rowPtr = new Int32Array(0);
  }

  /**
   * Adds M(s) into target (a matrix that holds nothing else yet) and returns the coordinates with a zero diagonal entry of
   * M, ascending (see {@link MassMatrixStore.masslessCoordinates}): the initial accelerations' saddle-point matrix. A kept
   * constant M is assembled (once per revision; the steps multiply with it) and added from the store; any other M goes from
   * the items' local matrices straight into target, its diagonal summed on the way — every entry of target the sum of
   * the same contributions in the same order from +0 as through the store, without assembling and compressing a sparse
   * matrix that such a run reads only here (createRollingDiscTest: ≈ 35 of ≈ 210 µs of set-up per warm run).
   */
  addWithMassless(s: SystemState, target: MatrixAccumulator): number[] {
    if (this.constant) {
      this.update(s);
      this.addTo(target, 1);
      return this.masslessCoordinates();
    }
    // each entry passed on to target and its diagonal ones summed, in call order from +0
    const diagonal = this.recordedDiagonal ??= new Float64Array(this.n);
    diagonal.fill(0);
    this.assembler.addMassMatrix(s, new EntryAccumulator((row, col, value) => {
      target.add(row, col, value);
      if (row === col) diagonal[row] += value;
    }), 1);
    const result: number[] = [];
    for (let i = 0; i < this.n; i++) if (diagonal[i] === 0) result.push(i);
    return result;
  }

  /** The kept M's rows for the product: the assembled entries whose value is not an exact zero, by rows. */
  private keepRowsForProduct(): void {
    const { colPtr, rowIndex, values, n } = this.store().matrix;
    const rowPtr = new Int32Array(n + 1);
    for (let k = 0; k < colPtr[n]; k++) if (values[k] !== 0) rowPtr[rowIndex[k] + 1]++;
    for (let i = 0; i < n; i++) rowPtr[i + 1] += rowPtr[i];
    const rowColumn = new Int32Array(rowPtr[n]), rowValues = new Float64Array(rowPtr[n]);
    const fill = rowPtr.slice(0, n);
    for (let col = 0; col < n; col++) {
      for (let k = colPtr[col]; k < colPtr[col + 1]; k++) {
        if (values[k] === 0) continue;
        const at = fill[rowIndex[k]]++;
        rowColumn[at] = col;
        rowValues[at] = values[k];
      }
    }
    this.rowPtr = rowPtr;
    this.rowColumn = rowColumn;
    this.rowValues = rowValues;
  }

  /**
   * out = M(s)·a. A state-dependent mass matrix with disjoint object coordinates is not assembled: the product is
   * formed from the local matrices with the same operations (SystemAssembler.multiplyMassMatrix).
   */
  multiplyAt(s: SystemState, a: Float64Array, out: Float64Array): void {
    if (this.constant || !this.assembler.massCoordinatesDisjoint) {
      this.update(s);
      this.multiply(a, out);
    } else {
      this.assembler.multiplyMassMatrix(s, a, out);
    }
  }

  /**
   * Adds factor·M(s) into target; a state-dependent mass matrix with disjoint object coordinates goes straight from
   * the local matrices into target (the same values as through the assembled matrix).
   */
  addAt(s: SystemState, target: MatrixAccumulator, factor: number): void {
    if (this.constant || !this.assembler.massCoordinatesDisjoint) {
      this.update(s);
      this.addTo(target, factor);
    } else {
      this.assembler.addMassMatrix(s, target, factor);
    }
  }

  /**
   * out = M·a after {@link update}: the operations of cscMultiply in the same order (zeroing with a loop: faster for short
   * vectors), without the products of a kept M's exact zeros (each would add ±0 to an entry that starts at +0: the same
   * sums for a finite a).
   */
  multiply(a: Float64Array, out: Float64Array): void {
    const n = this.n;
    const rowPtr = this.rowPtr;
    if (rowPtr.length === n + 1) {
      // by rows: the same products of a row, added to a sum that starts at +0 in ascending column order, as below
      const rowColumn = this.rowColumn, rowValues = this.rowValues;
      for (let i = 0; i < n; i++) {
        let sum = 0;
        for (let k = rowPtr[i], end = rowPtr[i + 1]; k < end; k++) {
          const x = a[rowColumn[k]];
          if (x !== 0) sum += rowValues[k] * x;
        }
        out[i] = sum;
      }
      return;
    }
    const { colPtr, rowIndex, values } = this.store().matrix;
    for (let i = 0; i < n; i++) out[i] = 0;
    for (let col = 0; col < n; col++) {
      const x = a[col];
      if (x === 0) continue;
      for (let k = colPtr[col]; k < colPtr[col + 1]; k++) out[rowIndex[k]] += values[k] * x;
    }
  }

  /**
   * The coordinates with a zero diagonal entry of M, ascending (for a positive semidefinite M: zero row and column, massless
   * coordinates such as a mixed rod's stresses).
   */
  private masslessCoordinates(): number[] {
    const { colPtr, rowIndex, values, n } = this.store().matrix;
    const result: number[] = [];
    for (let col = 0; col < n; col++) {
      let diagonal = 0;
      for (let k = colPtr[col]; k < colPtr[col + 1]; k++) if (rowIndex[k] === col) diagonal = values[k];
      if (diagonal === 0) result.push(col);
    }
    return result;
  }

  /** Writes the diagonal of M into out and returns true if every off-diagonal entry is zero. */
  diagonal(out: Float64Array): boolean {
    const { colPtr, rowIndex, values, n } = this.store().matrix;
    out.fill(0, 0, n);
    for (let col = 0; col < n; col++) {
      for (let k = colPtr[col]; k < colPtr[col + 1]; k++) {
        if (rowIndex[k] === col) out[col] = values[k];
        else if (values[k] !== 0) return false;
      }
    }
    return true;
  }

  /** Adds factor·M into target, column by column (one entry-list call: see {@link addGlobalEntries}). */
  addTo(target: MatrixAccumulator, factor: number): void {
    const storage = this.store();
    const { colPtr, rowIndex, values, n } = storage.matrix;
    if (this.columnsVersion !== storage.patternVersion) {
      const columns = new Int32Array(colPtr[n]);
      for (let col = 0; col < n; col++) columns.fill(col, colPtr[col], colPtr[col + 1]);
      this.columns = columns;
      this.columnsVersion = storage.patternVersion;
    }
    if (this.identity.length !== n) {
      this.identity = new Int32Array(n);
      for (let i = 0; i < n; i++) this.identity[i] = i;
    }
    addGlobalEntries(target, this.identity, this.identity, rowIndex, this.columns, values, colPtr[n], factor);
  }
}
