import type { CompiledModel } from '../model/compile.ts';

/** q ← q ⊕ factor·Δ for all nodes: addition, or the node's own composition (Lie-group nodes). Δ has n_u entries. */
export function applyIncrement(model: CompiledModel, q: Float64Array, delta: Float64Array, factor: number): void {
  if (!model.hasLieGroupNodes) {
    for (let i = 0; i < model.nu; i++) q[i] += factor * delta[i];
    return;
  }
  for (const node of model.nodes) {
    if (node.composeIncrement !== undefined) {
      node.composeIncrement(q, delta, node.uIndex, factor);
    } else {
      for (let i = 0; i < node.nu; i++) q[node.qIndex + i] += factor * delta[node.uIndex + i];
    }
  }
}
