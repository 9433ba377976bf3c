// The file cases of test/e2e/rejects-file.test.ts, apart so test/readme-figures.test.ts can count them.

/**
 * Ways a --rejects file can be the file svc reads or standard output's file. `shell` is run by sh
 * in a folder holding leads.ndjson; SVC is the svc command. Each must be refused (exit 2), with
 * leads.ndjson (and out.ndjson) untouched and nothing sent.
 */
export const sameFileCases: readonly { name: string; shell: string; role: string }[] = [
  // --rejects
  { name: 'the input by its own name', shell: 'SVC campaigns person add --input leads.ndjson --rejects leads.ndjson', role: 'the input file' },
  { name: 'the input by another path', shell: 'SVC campaigns person add --input leads.ndjson --rejects ./sub/../leads.ndjson', role: 'the input file' },
  { name: 'the input by its absolute path', shell: 'SVC campaigns person add --input leads.ndjson --rejects "$PWD/leads.ndjson"', role: 'the input file' },
  {
    name: 'a symlink to the input',
    shell: 'ln -s leads.ndjson link.ndjson && SVC campaigns person add --input leads.ndjson --rejects link.ndjson',
    role: 'the input file',
  },
  {
    name: 'a hard link to the input',
    shell: 'ln leads.ndjson hard.ndjson && SVC campaigns person add --input leads.ndjson --rejects hard.ndjson',
    role: 'the input file',
  },
  { name: 'the input through /dev/fd', shell: 'SVC campaigns person add --input leads.ndjson --rejects /dev/fd/3 3>>leads.ndjson', role: 'the input file' },
  {
    name: "standard input's file (--input -)",
    shell: 'SVC campaigns person add --input - --rejects leads.ndjson < leads.ndjson',
    role: "standard input's file",
  },
  { name: 'standard input through /dev/stdin', shell: 'SVC campaigns person add --input - --rejects /dev/stdin < leads.ndjson', role: "standard input's file" },
  { name: "standard output's file", shell: 'SVC campaigns person add --input leads.ndjson --rejects out.ndjson > out.ndjson', role: "standard output's file" },
  {
    name: "a symlink to standard output's file",
    shell: 'ln -s out.ndjson outlink.ndjson && SVC campaigns person add --input leads.ndjson --rejects outlink.ndjson > out.ndjson',
    role: "standard output's file",
  },
  {
    name: 'standard output through /dev/stdout, a pipe',
    shell: 'mkfifo pipe && { cat pipe > out.ndjson & } && SVC campaigns person add --input leads.ndjson --rejects /dev/stdout > pipe',
    role: "standard output's file",
  },
  // The file beside --rejects that takes the failed lines that may have been applied (a write's)
  {
    name: 'the input, as the file beside the rejects file',
    shell: 'ln -s leads.ndjson failed.uncertain.ndjson && SVC campaigns person add --input leads.ndjson --rejects failed.ndjson',
    role: 'the input file',
  },
  {
    name: "standard output's file, as the file beside the rejects file",
    shell: 'SVC campaigns person add --input leads.ndjson --rejects out.ndjson > out.uncertain.ndjson',
    role: "standard output's file",
  },
  {
    name: "--save-html to standard output's file",
    shell: 'SVC email templates preview tpl_welcome --data firstName=Ada --save-html out.html > out.html',
    role: "standard output's file",
  },
  {
    name: "--save-html to standard input's file",
    shell: 'SVC email templates preview tpl_welcome --data firstName=Ada --save-html leads.ndjson < leads.ndjson',
    role: "standard input's file",
  },
];

/** Runs at once given one rejects file: one holds it, the rest are refused and lose nothing. */
export const concurrentRejectRuns = 3;
