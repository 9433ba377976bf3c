// Schemas here are written with zod/mini rather than classic zod: the same checks, but as plain
// functions a bundle keeps only when used, so an API call loads ~30 KB of zod instead of all of it
// (classic zod costs ~12 ms of every call; README, Speed). Import zod/mini as a namespace in each
// file (`import * as z from 'zod/mini'`; a re-exported namespace defeats tree-shaking) and import
// this module beside it: zod/mini ships no messages, and these are zod's English ones, the same
// classic zod uses, so validation errors read the same whichever area is loaded.
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());
