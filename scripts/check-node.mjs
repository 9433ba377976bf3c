// The project needs Node.js 22+; npm scripts run under the `node` dev dependency (Node 24).
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Node.js 22 or newer is required to build and test svc; npm scripts are running ${process.version}. Run \`npm install\` first (it installs Node 24 for the scripts).`,
  );
  process.exit(1);
}
console.log(`node ${process.version}`);
