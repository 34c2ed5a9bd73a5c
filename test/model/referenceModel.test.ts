import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationType, InertiaCuboid, MarkerBodyPosition, MarkerBodyRigid, NodeType, OutputVariableType, RotXYZ2RotationMatrix, SystemContainer,
  MainSystem, mat3Mul,
} from '../../src/index.ts';
import { maxDifference } from '../helpers/arrays.ts';

const nodeTypes = [NodeType.RotationEulerParameters, NodeType.RotationRxyz, NodeType.RotationRotationVector, NodeType.RotationQuaternion];

/** A chain of rotated rigid bodies (all node types) linked by every create* helper that reads reference frames. */
function sampleChain(n: number): { mbs: MainSystem; bodies: number[]; joints: { helper: string; index: number }[] } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.createGround({ referencePosition: [0, -0.5, 0.2] });
  const bodies = [ground];
  const joints: { helper: string; index: number }[] = [];
  for (let i = 0; i < n; i++) {
    const previous = bodies[bodies.length - 1];
    const body = mbs.createRigidBody({
      referencePosition: [i + 0.5, 0.1 * (i % 3), -0.05 * i],
      referenceRotationMatrix: RotXYZ2RotationMatrix([0.3 * i, -0.2 + 0.1 * i, 0.7 - 0.15 * i]),
      inertia: InertiaCuboid(1000, [1, 0.1, 0.1]),
      nodeType: nodeTypes[i % 4],
    });
    bodies.push(body);
    const position = [i, 0.02 * i, 0.01];
    const useGlobalFrame = i % 2 === 0;
    switch (i % 6) {
      case 0: joints.push({ helper: 'revolute', index: mbs.createRevoluteJoint({ bodyNumbers: [previous, body], position, axis: [0, 0.6, 0.8], useGlobalFrame }) }); break;
      case 1: joints.push({ helper: 'prismatic', index: mbs.createPrismaticJoint({ bodyNumbers: [previous, body], position, axis: [1, 0, 0], useGlobalFrame }) }); break;
      case 2: joints.push({ helper: 'spherical', index: mbs.createSphericalJoint({ bodyNumbers: [previous, body], position }) }); break;
      case 3: joints.push({ helper: 'generic', index: mbs.createGenericJoint({ bodyNumbers: [previous, body], position, rotationMatrixAxes: RotXYZ2RotationMatrix([0.1, 0.2, 0.3]), useGlobalFrame }) }); break;
      case 4: joints.push({ helper: 'torsional', index: mbs.createTorsionalSpringDamper({ bodyNumbers: [previous, body], position, axis: [0, 1, 0], unlimitedRotations: false, stiffness: 1 }) }); break;
      default: {
        // a given marker defines the joint position
        const marker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: previous, localPosition: [0.2, 0.1, -0.1] }));
        joints.push({ helper: 'revolute', index: mbs.createRevoluteJoint({ bodyNumbers: [{ markerNumber: marker }, body], axis: [1, 0, 0] }) });
      }
    }
    joints.push({ helper: 'rigidBodySpringDamper', index: mbs.createRigidBodySpringDamper({ bodyNumbers: [previous, body], localPosition0: [0.1, 0, 0], localPosition1: [0, 0.2, 0], rotationMatrixJoint: RotXYZ2RotationMatrix([0.4, 0, -0.2]) }) });
    joints.push({ helper: 'springDamper', index: mbs.createSpringDamper({ bodyNumbers: [previous, body], localPosition0: [0.1, 0.3, 0], stiffness: 1 }) });
    joints.push({ helper: 'distance', index: mbs.createDistanceConstraint({ bodyNumbers: [ground, body], localPosition1: [0.2, 0, 0.1] }) });
  }
  return { mbs, bodies, joints };
}

const matrix = (value: unknown): number[][] => value as number[][];

describe('create helpers read reference frames without assembling (ReferenceModel)', () => {
  it('aChainOfAllHelpersAndNodeTypesIsBuiltWithoutAnAssembleAndItsJointFramesMatchTheAssembledReferenceConfiguration', () => {
    const assemble = vi.spyOn(MainSystem.prototype, 'assemble');
    const { mbs, joints } = sampleChain(12);
    expect(assemble).not.toHaveBeenCalled();
    assemble.mockRestore();
    mbs.assemble();
    const reference = ConfigurationType.Reference;
    // the assembled system's reference outputs are what the helpers used: every joint's two marker frames coincide in
    // the reference configuration (positions p_i + A_i x_i and frames A_i R_i; products of O(1) matrices: 1e-14)
    for (const { helper, index } of joints) {
      const joint = mbs.getObject(index);
      const [m0, m1] = joint.markerNumbers as number[];
      const p0 = mbs.getMarkerOutput(m0, OutputVariableType.Position, reference);
      const p1 = mbs.getMarkerOutput(m1, OutputVariableType.Position, reference);
      if (helper === 'springDamper' || helper === 'distance') {
        const length = Math.hypot(p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]);
        expect(Math.abs((helper === 'distance' ? joint.distance as number : joint.referenceLength as number) - length)).toBeLessThan(1e-14);
        continue;
      }
      if (helper !== 'rigidBodySpringDamper') expect(maxDifference(p0, p1)).toBeLessThan(1e-14);
      if (helper === 'spherical') continue;
      const frame = (m: number, r: unknown) => mat3Mul(
        (() => { const a = mbs.getMarkerOutput(m, OutputVariableType.RotationMatrix, reference); return [a.slice(0, 3), a.slice(3, 6), a.slice(6, 9)]; })(),
        matrix(r),
      ).flat();
      expect(maxDifference(frame(m0, joint.rotationMarker0), frame(m1, joint.rotationMarker1))).toBeLessThan(1e-14);
    }
  });

  it('referenceOutputsEqualTheAssembledReferenceConfigurationBitForBit', () => {
    const { mbs, bodies } = sampleChain(8);
    const lazy = mbs.referenceOutputs();
    const local = [0.3, -0.2, 0.1];
    const read = () => bodies.slice(1).map((b) => [
      lazy.bodyOutput(b, OutputVariableType.Position, local), lazy.bodyOutput(b, OutputVariableType.RotationMatrix, local),
      lazy.bodyOutput(b, OutputVariableType.Velocity, local), lazy.nodeOutput(mbs.getObject(b).nodeNumber as number, OutputVariableType.Coordinates),
    ]);
    const before = read();
    const markers = Array.from({ length: mbs.numberOfMarkers }, (_, m) => m).filter((m) => mbs.getMarker(m).markerType !== 'BodyMass');
    const markerPositions = markers.map((m) => lazy.markerOutput(m, OutputVariableType.Position));
    mbs.assemble();
    const reference = ConfigurationType.Reference;
    bodies.slice(1).forEach((b, i) => {
      expect(before[i][0]).toEqual(mbs.getObjectOutputBody(b, OutputVariableType.Position, local, reference));
      expect(before[i][1]).toEqual(mbs.getObjectOutputBody(b, OutputVariableType.RotationMatrix, local, reference));
      expect(before[i][2]).toEqual([0, 0, 0]);
      expect(before[i][3]).toEqual(mbs.getNodeOutput(mbs.getObject(b).nodeNumber as number, OutputVariableType.Coordinates, reference));
    });
    markers.forEach((m, i) => expect(markerPositions[i]).toEqual(mbs.getMarkerOutput(m, OutputVariableType.Position, reference)));
  });

  it('modifyingAnItemInvalidatesTheReferenceOutputs', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround();
    const { nodeNumber, bodyNumber } = mbs.createRigidBody({ referencePosition: [1, 0, 0], inertia: InertiaCuboid(1, [1, 1, 1]), returnDict: true });
    expect(mbs.referenceOutputs().bodyOutput(bodyNumber, OutputVariableType.Position, [0, 0, 0])).toEqual([1, 0, 0]);
    const coordinates = Array.from(mbs.getNode(nodeNumber).referenceCoordinates as number[]);
    coordinates[1] = 2;
    mbs.modifyNode(nodeNumber, { referenceCoordinates: coordinates });
    expect(mbs.referenceOutputs().bodyOutput(bodyNumber, OutputVariableType.Position, [0, 0, 0])).toEqual([1, 2, 0]);
    // the joint marker on the body sits at the joint position relative to the modified reference position
    const joint = mbs.createSphericalJoint({ bodyNumbers: [ground, bodyNumber], position: [1, 2.5, 0] });
    const marker = (mbs.getObject(joint).markerNumbers as number[])[1];
    expect(mbs.getMarker(marker).localPosition).toEqual([0, 0.5, 0]);
  });

  it('errorsNameTheHelperAndTheMissingItem', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround();
    const marker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: 5 }));
    expect(() => mbs.createRevoluteJoint({ bodyNumbers: [ground, { markerNumber: marker }], axis: [0, 0, 1] }))
      .toThrow('createRevoluteJoint: the joint frames cannot be computed from the reference configuration (MarkerBodyPosition #0: bodyNumber must refer to an existing object (0 ... 0), got 5)');
    expect(() => mbs.referenceOutputs().bodyOutput(3, OutputVariableType.Position, [0, 0, 0])).toThrow('bodyNumber must refer to an existing object (0 ... 0), got 3');
    expect(() => mbs.referenceOutputs().markerOutput(marker, OutputVariableType.Position)).toThrow('MarkerBodyPosition #0: bodyNumber must refer to an existing object (0 ... 0), got 5');
  });
});
