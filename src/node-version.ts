// The library entry imports this first: on a Node.js older than svc needs (package.json "engines"),
// importing svc fails with a sentence saying what to do, not later on a missing API. bin/svc.cjs
// makes the same check for the command.
const REQUIRED_MAJOR = 22;

if (Number(process.versions.node.split('.')[0]) < REQUIRED_MAJOR) {
  throw new Error(
    `svc needs Node.js ${REQUIRED_MAJOR} or newer; this is ${process.version}. Install Node.js ${REQUIRED_MAJOR}+ to use the svc library (the svc command also comes as a standalone binary that needs no Node.js).`,
  );
}
