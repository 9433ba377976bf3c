import { failure } from '../reply.js';
import { normaliseFilePath } from '../state.js';
import type { Behaviour } from './behaviour.js';

/**
 * Removes a file, or a directory and everything under it. Nothing at the path is not an error: the
 * answer is JSON `null` (spec: "Delete a file or directory").
 */
const deletePath: Behaviour<'files_delete'> = (store, _params, { path: requested }) => {
  const path = normaliseFilePath(requested);
  if (path === '') return failure(400, 'Refusing to delete the workspace root; name a file or directory.');
  const files = store.state.files;
  const doomed = Object.keys(files).filter((candidate) => candidate === path || candidate.startsWith(`${path}/`));
  if (doomed.length === 0) return { status: 200, body: null };
  for (const candidate of doomed) delete files[candidate];
  return { status: 200, body: { path } };
};

export const filesBehaviour = { files_delete: deletePath };
