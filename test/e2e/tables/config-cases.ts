// Sizes used by test/e2e/config-file.test.ts, apart so test/readme-figures.test.ts can count them.

/** How many `svc auth login --profile pN` processes run at once. */
export const concurrentLogins = 10;
