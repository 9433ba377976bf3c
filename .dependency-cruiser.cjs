// The project's architecture, checked in `npm test` (`npm run check:architecture`, which runs depcruise with this file): dependencies
// point one way, the two front-ends (cli, mcp) -> core -> batch/input/output/client/config/auth/mock/openapi/areas -> registry (a batch
// run is the core's, not a front-end's),
// config never importing client, the base modules (src/*.ts) below all, and nothing imports in a circle, type-only imports and lazy
// import() included. No exceptions are listed but the one named in its rule: `svc mcp` starts the MCP server.
const MIDDLE = '^src/(batch|input|output|client|config|auth|mock|openapi|areas)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports (type-only and dynamic ones count) means two modules are one idea, or a shared part belongs below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'registry-is-the-bottom',
      severity: 'error',
      comment: 'registry/ is read by everything in src/ and reads nothing of it.',
      from: { path: '^registry/' },
      to: { path: '^src/' },
    },
    {
      name: 'middle-layers-never-reach-up',
      severity: 'error',
      comment:
        'batch, input, output, client, config, auth, mock and openapi are used by the core and the front-ends, never the other way round; a type both need lives below both.',
      from: { path: MIDDLE },
      to: { path: '^src/core/' },
    },
    {
      name: 'core-and-below-never-import-front-ends',
      severity: 'error',
      comment:
        'src/core/ (runOperation, a batch run, the context, the failure wording, the presenter) and everything below it serve the command line, the MCP server and the library alike: nothing in them imports either front-end.',
      from: { path: '^src/(core|batch|input|output|client|config|auth|mock|openapi|areas)/|^src/[^/]+\\.ts$' },
      to: { path: '^src/(cli|mcp)/' },
    },
    {
      name: 'batch-runs-below-the-front-ends',
      severity: 'error',
      comment:
        'A batch run (pipeline, pacing, checkpoint, records, progress, summary) is src/core/batch-run.ts, for every front-end and the library: the command line reads its flags and input, asks for confirmation, and hands the run to the core.',
      from: { path: '^src/(cli|mcp)/' },
      to: { path: '^src/(batch/(pipeline|checkpoint|journal|line-call|progress|records|rejects|stop)|client/pacer)\\.ts$' },
    },
    {
      name: 'mcp-is-a-front-end-beside-cli',
      severity: 'error',
      comment:
        'svc mcp is a second front-end over the same core: it never imports the CLI (argv, terminal, exit codes) nor batch, mock or openapi, and they never import it.',
      from: { path: '^src/mcp/' },
      to: { path: '^src/(cli|batch|mock|openapi)/' },
    },
    {
      name: 'only-the-cli-command-loads-mcp',
      severity: 'error',
      comment:
        'The front-ends never import each other: the MCP server loads only for `svc mcp` (src/cli/commands/mcp.ts), the command that starts it; no other module reaches it.',
      from: { path: '^(src|registry)/', pathNot: '^src/(mcp/|cli/commands/mcp\\.ts$)' },
      to: { path: '^src/mcp/' },
    },
    {
      name: 'config-never-imports-client',
      severity: 'error',
      comment:
        "The settings (config/) decide where and how a call goes; the client sends it. What both need (the Clock, a proxy URL's check and redaction) is a base module below both.",
      from: { path: '^src/config/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'base-modules-import-only-the-registry',
      severity: 'error',
      comment: 'src/*.ts beside the folders (errors, version) sit under every layer.',
      from: { path: '^src/[^/]+\\.ts$', pathNot: '^src/index\\.ts$' },
      to: { path: '^src/', pathNot: '^src/[^/]+\\.ts$' },
    },
    {
      name: 'the-importer-is-a-dev-tool',
      comment:
        'What writes registry source from an OpenAPI description (npm run registry:import: the command, the files, their text, Prettier, esbuild) is a developer tool; svc, its library and the registry never load it.',
      severity: 'error',
      from: { path: '^(src|registry)/', pathNot: '^src/openapi/import/' },
      to: { path: '^src/openapi/import/(main|hand-written|folder|formatting|area-source|entry-source)\\.ts$' },
    },
    {
      name: 'the-importer-maps-only-for-svc-areas',
      severity: 'error',
      comment:
        "The importer's checks and mapping run in svc only for `svc areas add` and `update` (src/areas/, src/cli/areas/): no other command, nor the library or the registry, loads them.",
      from: { path: '^(src|registry)/', pathNot: '^src/(openapi/import|areas|cli/areas)/' },
      to: { path: '^src/openapi/import/' },
    },
    {
      name: 'added-areas-load-without-the-importer',
      severity: 'error',
      comment:
        "A command of an added area reads the store and builds its schemas from their trees (src/areas/): none of the importer loads for it, only the trees' type.",
      from: { path: '^src/areas/(added-areas|area-index|area-file|area-table|operation-build|schema-build|store-folder|stored)\\.ts$' },
      to: { path: '^src/openapi/import/(?!schema-tree\\.ts$)' },
    },
    {
      name: 'library-entry-never-loads-the-cli',
      severity: 'error',
      comment: "The library (src/index.ts) is createClient and the registry; the CLI's commander tree is not part of it.",
      from: { path: '^src/index\\.ts$' },
      to: { path: '^src/cli/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    // Resolved as TypeScript does (NodeNext: './x.js' is './x.ts'), from the folder depcruise runs in.
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
