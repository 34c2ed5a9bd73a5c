import { SparseAssembler } from '../linalg/sparse.ts';
import { addGlobalEntries, type SystemAssembler, type MatrixAccumulator } from '../model/assembly.ts';
import type { SystemState } from '../model/SystemState.ts';

/** The assembled system mass matrix in sparse form, for products M·a and for adding it into Jacobians. */
export class MassMatrixStore {
  private readonly storage: SparseAssembler;
  private assembled = false;
  /** The model's nodeObjectRevision M was assembled at: a run-time change of a node or object (a new mass) assembles a constant M again. */
  private assembledRevision = -1;
  /** The indices 0 … n_u − 1 (index map for addTo). */
  private readonly identity: Int32Array;
  /** The column of each stored entry, for the pattern of version columnsVersion. */
  private columns = new Int32Array(0);
  private columnsVersion = -1;
  /**
   * The product's CSC arrays: the kept (constant) M without its exact zeros (a consistent element mass has zero
   * couplings between position and angle coordinates: two thirds of gridGeomExactBeam2D's stored entries), otherwise
   * the assembled arrays themselves.
   */
  private productColPtr: Int32Array;
  private productRow: Int32Array;
  private productValues: Float64Array;
  /**
   * The kept M without its exact zeros by rows (each row's entries in ascending column order), when M is kept: the
   * product sums each row in a register, with the operations of the column loop in its order (a row's products are
   * added by ascending column there too); an empty rowPtr while M is not kept.
   */
  private rowPtr = new Int32Array(0);
  private rowColumn = new Int32Array(0);
  private rowValues = new Float64Array(0);

  /** reuseConstant: keep a constant mass matrix (assemble it once per node and object revision) when the model has one. */
  constructor(private readonly assembler: SystemAssembler, private readonly reuseConstant: boolean) {
    this.storage = new SparseAssembler(assembler.model.nu);
    this.identity = new Int32Array(assembler.model.nu);
    for (let i = 0; i < this.identity.length; i++) this.identity[i] = i;
    ({ colPtr: this.productColPtr, rowIndex: this.productRow, values: this.productValues } = this.storage.matrix);
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
    this.storage.begin();
    this.assembler.addMassMatrix(s, this.storage, 1);
    this.storage.end();
    this.assembled = true;
    this.assembledRevision = this.assembler.model.nodeObjectRevision;
    if (this.constant) this.dropZerosForProduct();
    else {
      ({ colPtr: this.productColPtr, rowIndex: this.productRow, values: this.productValues } = this.storage.matrix);
      this.rowPtr = new Int32Array(0);
    }
  }

  /** The product's arrays: the assembled entries whose value is not an exact zero, column by column in stored order. */
  private dropZerosForProduct(): void {
    const { colPtr, rowIndex, values, n } = this.storage.matrix;
    let count = 0;
    for (let k = 0; k < colPtr[n]; k++) if (values[k] !== 0) count++;
    const productColPtr = new Int32Array(n + 1), productRow = new Int32Array(count), productValues = new Float64Array(count);
    let next = 0;
    for (let col = 0; col < n; col++) {
      for (let k = colPtr[col]; k < colPtr[col + 1]; k++) {
        if (values[k] === 0) continue;
        productRow[next] = rowIndex[k];
        productValues[next++] = values[k];
      }
      productColPtr[col + 1] = next;
    }
    this.productColPtr = productColPtr;
    this.productRow = productRow;
    this.productValues = productValues;
    const rowPtr = new Int32Array(n + 1), rowColumn = new Int32Array(count), rowValues = new Float64Array(count);
    for (let k = 0; k < count; k++) rowPtr[productRow[k] + 1]++;
    for (let i = 0; i < n; i++) rowPtr[i + 1] += rowPtr[i];
    const fill = rowPtr.slice(0, n);
    for (let col = 0; col < n; col++) {
      for (let k = productColPtr[col]; k < productColPtr[col + 1]; k++) {
        const at = fill[productRow[k]]++;
        rowColumn[at] = col;
        rowValues[at] = productValues[k];
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
    const n = this.storage.n;
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
    const colPtr = this.productColPtr, rowIndex = this.productRow, values = this.productValues;
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
  masslessCoordinates(): number[] {
    const { colPtr, rowIndex, values, n } = this.storage.matrix;
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
    const { colPtr, rowIndex, values, n } = this.storage.matrix;
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
    const { colPtr, rowIndex, values, n } = this.storage.matrix;
    if (this.columnsVersion !== this.storage.patternVersion) {
      const columns = new Int32Array(colPtr[n]);
      for (let col = 0; col < n; col++) columns.fill(col, colPtr[col], colPtr[col + 1]);
      this.columns = columns;
      this.columnsVersion = this.storage.patternVersion;
    }
    addGlobalEntries(target, this.identity, this.identity, rowIndex, this.columns, values, colPtr[n], factor);
  }
}
