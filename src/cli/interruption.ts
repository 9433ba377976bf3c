// Moved to src/interruption.ts (below every layer, issue #12); cli modules may keep importing it from here.
export * from '../interruption.js';
