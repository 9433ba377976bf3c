// A vitest setup file: runs in each test file, so each file removes what it made.
import { afterAll } from 'vitest';
import { removeTempFolders } from './temp-folder.js';

afterAll(removeTempFolders);
