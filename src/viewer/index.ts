/**
 * The viewer's scene (`flexdyn/viewer`): the per-frame sampling of a solved system into the scene the
 * browser viewer draws (bodies, rods, meshes, joints, springs, sensor plots), as plain data with
 * base64-encoded arrays. Browser-safe: writing the scene file and serving it are in `flexdyn/node`.
 * @module
 */
export { computeScene, sceneFileNameFor, decodeArray, sceneFormatVersion } from './scene.ts';
export type {
  Scene, SceneSolution, SceneOptions, SceneBody, SceneRod, SceneLine, SceneSpring, SceneJoint, SceneJointPart, SceneUserGraphics,
  SceneMeshBody, SceneSensor, SceneMesh, SceneContour, EncodedArray,
} from './scene.ts';
