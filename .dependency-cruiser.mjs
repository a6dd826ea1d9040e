/**
 * The layers of ARCHITECTURE.md ("Layers"), as rules dependency-cruiser checks on every import of server/,
 * conformance/ and generated/ — type-only imports included. test/contract/architecture.test.ts runs them in
 * `npm test` and fails with each finding; `npx depcruise server conformance generated` prints the same findings.
 * Test files (`*.test.ts`, `*.spec.ts`) may import anything: the rules are about what the server loads.
 */
const TEST_FILE = '\\.(test|spec)\\.ts$';
/** Express and the packages that only exist around it: what "knows nothing of HTTP" must not import. */
const EXPRESS =
  '(^|/)node_modules/(@types/)?(express|express-serve-static-core|express-openapi-validator|express-rate-limit|rate-limit-redis)/';
const HTTP = `${EXPRESS}|^(node:)?(http|https|http2)$`;
/** The store's part of server/idempotency/ (the records and the keyed write): store-layer modules in that folder. */
const IDEMPOTENCY_RECORDS = '^server/idempotency/(records|keyed-write)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'contract-is-beneath-http-auth-handlers',
      comment: 'server/contract/ is imported by http/, auth/ and handlers/, and imports none of them.',
      severity: 'error',
      from: { path: '^server/contract/', pathNot: TEST_FILE },
      to: { path: '^server/(http|auth|handlers)/' },
    },
    {
      name: 'http-never-imports-handlers',
      comment: 'http/ and handlers/ never import each other: server.ts hands the handler map to createApp.',
      severity: 'error',
      from: { path: '^server/http/', pathNot: TEST_FILE },
      to: { path: '^server/handlers/' },
    },
    {
      name: 'handlers-never-import-http',
      comment:
        'http/ and handlers/ never import each other: a handler gets a typed context, throws ApiErrors and ' +
        'returns an envelope of server/contract/; the pipeline (http/) does the rest.',
      severity: 'error',
      from: { path: '^server/handlers/', pathNot: TEST_FILE },
      to: { path: '^server/http/' },
    },
    {
      name: 'handlers-are-wired-by-server-ts',
      comment:
        'Only server.ts (the composition root) imports handlers/: it hands the handler map to createApp ' +
        '(app.ts), so nothing else reaches a handler but through the pipeline.',
      severity: 'error',
      from: { path: '^server/', pathNot: `^server/(handlers/|http/|server\\.ts$)|${TEST_FILE}` },
      to: { path: '^server/handlers/' },
    },
    {
      name: 'handlers-know-no-express',
      comment: 'Express only frames the pipeline: a handler never sees a request or a response object.',
      severity: 'error',
      from: { path: '^server/handlers/', pathNot: TEST_FILE },
      to: { path: EXPRESS },
    },
    {
      name: 'store-is-the-bottom-layer',
      comment:
        'store/ knows nothing of HTTP: it imports no other folder of server/ (only itself and the shared ' +
        'modules at the root of server/ such as domain.ts and frozen.ts) and not the app.',
      severity: 'error',
      from: { path: '^server/store/', pathNot: TEST_FILE },
      to: {
        path: '^server/([^/]+/|(app|server|main|banner|config)\\.ts$)',
        pathNot: `^server/store/|${IDEMPOTENCY_RECORDS}`,
      },
    },
    {
      name: 'idempotency-records-are-store-layer',
      comment:
        "server/idempotency/'s records and keyed write are the store's part of idempotency (the store builds on " +
        'them): like store/, they import only store/ and the shared modules at the root, never the run or HTTP.',
      severity: 'error',
      from: { path: IDEMPOTENCY_RECORDS, pathNot: TEST_FILE },
      to: {
        path: '^server/([^/]+/|(app|server|main|banner|config)\\.ts$)',
        pathNot: `^server/store/|${IDEMPOTENCY_RECORDS}`,
      },
    },
    {
      name: 'idempotency-is-beneath-http-and-handlers',
      comment:
        'server/idempotency/ (the protocol of keyed writes) is used by http/ (the run), handlers/ and contract/ ' +
        '(the outcome types) and imports none of the layers above it.',
      severity: 'error',
      from: { path: '^server/idempotency/', pathNot: TEST_FILE },
      to: { path: '^server/(http|handlers|auth|biller|webhooks|console|admin|demo)/|^server/(app|server|main)\\.ts$' },
    },
    {
      name: 'idempotency-reads-express-in-one-place',
      comment:
        "Of server/idempotency/, only request.ts (the Idempotency-Key header, the request's fingerprint) knows a " +
        'request object; the run and the outcomes are plain values.',
      severity: 'error',
      from: { path: '^server/idempotency/', pathNot: `^server/idempotency/request\\.ts$|${TEST_FILE}` },
      to: { path: EXPRESS },
    },
    {
      name: 'handlers-and-contract-see-the-outcome-only',
      comment:
        'A handler answers a write and its recording as values (idempotency/outcome.ts); running it under the key ' +
        "is the pipeline's (idempotency/run.ts), so handlers/ and contract/ import nothing else of server/idempotency/.",
      severity: 'error',
      from: { path: '^server/(handlers|contract)/', pathNot: TEST_FILE },
      to: { path: '^server/idempotency/', pathNot: '^server/idempotency/outcome\\.ts$' },
    },
    {
      name: 'store-reaches-no-http',
      comment:
        'store/ knows nothing of HTTP, not even through a shared module: nothing it loads reaches Express ' +
        'or node:http.',
      severity: 'error',
      from: { path: '^server/store/', pathNot: TEST_FILE },
      to: { path: HTTP, reachable: true },
    },
    {
      name: 'biller-knows-no-pipeline',
      comment:
        'biller/ (the biller interface, the sandbox simulator, the settlement worker) is used by the ' +
        'purchase handlers and the worker alike; it imports neither handlers/ nor http/.',
      severity: 'error',
      from: { path: '^server/biller/', pathNot: TEST_FILE },
      to: { path: `^server/(http|handlers)/|${EXPRESS}` },
    },
    {
      name: 'console-works-on-a-store',
      comment:
        'The account console (console/) and the admin socket that runs its commands (admin/) work on a Store, ' +
        'never through the HTTP pipeline.',
      severity: 'error',
      from: { path: '^server/(console|admin)/', pathNot: TEST_FILE },
      to: { path: `^server/(http|handlers)/|^server/app\\.ts$|${EXPRESS}` },
    },
    {
      name: 'server-never-imports-test-code',
      comment:
        'Test helpers live with the tests (test/helpers/, test/*/support/); nothing the server loads imports ' +
        'them or a test file.',
      severity: 'error',
      from: { path: '^server/', pathNot: TEST_FILE },
      to: { path: `^test/|${TEST_FILE}` },
    },
    {
      name: 'server-and-conformance-are-independent',
      comment:
        'server/ and conformance/ both read generated/ and never each other: the conformance suite judges the ' +
        'server from the contract alone.',
      severity: 'error',
      from: { path: '^server/', pathNot: TEST_FILE },
      to: { path: '^conformance/' },
    },
    {
      name: 'conformance-and-server-are-independent',
      comment:
        'server/ and conformance/ both read generated/ and never each other: the conformance suite judges the ' +
        'server from the contract alone.',
      severity: 'error',
      from: { path: '^conformance/', pathNot: TEST_FILE },
      to: { path: '^server/' },
    },
    {
      name: 'generated-is-derived',
      comment: 'Data flows one way: openapi/ → generated/ → server/ and conformance/.',
      severity: 'error',
      from: { path: '^generated/' },
      to: { path: '^(server|conformance|test|scripts)/' },
    },
    {
      name: 'server-modules-are-loaded-by-the-server',
      comment:
        'Every module of server/ is loaded by the server (server/main.ts) or the console (server/console/main.ts); ' +
        'one only tests import is test code, and belongs in test/.',
      severity: 'error',
      from: { path: '^server/(main|console/main)\\.ts$' },
      // http/locals.ts is an ambient declaration (Express's res.locals, typed): the compiler reads it, nothing imports it.
      to: { path: '^server/', pathNot: `^server/(main|console/main|http/locals)\\.ts$|${TEST_FILE}`, reachable: false },
    },
  ],
  required: [
    {
      name: 'one-settlement-rule',
      comment:
        "The settlement worker and the purchase handlers apply a biller's answer by the same rules: " +
        'biller/settlement-decision.ts.',
      severity: 'error',
      module: { path: '^server/(biller/settlement|handlers/purchase-flow)\\.ts$' },
      to: { path: '^server/biller/settlement-decision\\.ts$' },
    },
  ],
  options: {
    includeOnly: '^(server|conformance|generated|test|node:|https?2?$)|(^|/)node_modules/',
    exclude: { path: 'node_modules/.+/node_modules/' },
    doNotFollow: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
