import { PathParamError } from '../client/path.js';
import { BodySourceError } from '../input/body-source.js';
import { InputError } from '../input/operation-input.js';
import { usageError } from './errors.js';

/** Runs a step that reads command-line input; what it refuses becomes a usage error (exit 2, nothing sent). */
export async function readCommandInput<T>(read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InputError || error instanceof BodySourceError || error instanceof PathParamError) throw usageError(error.message);
    throw error;
  }
}
