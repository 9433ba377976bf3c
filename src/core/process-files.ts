import type { UserFiles } from './context.js';

/**
 * The disk, as the process context's door to the files a user names. Each kind of file loads its
 * code when first named, so a command that names none loads none of it (README, Speed).
 */
export const processFiles: UserFiles = {
  readText: async (path, maxBytes) => (await import('../input/user-file.js')).readTextFile(path, maxBytes),
  openInput: async (path) => (await import('../batch/source.js')).openInputFile(path),
  openRejects: async (path, header, guarded, apart) => (await import('../batch/rejects.js')).openRejects(path, header, guarded, apart),
  prepareWrite: async (path, flag) => (await import('../output/saved-file.js')).prepareFileWrite(path, flag),
  writeNew: async (path, text, flag) => (await import('../output/saved-file.js')).writeNewFile(path, text, flag),
};
