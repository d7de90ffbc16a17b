// @ts-check
// The house rules that a newcomer would otherwise have to remember: which room may import
// which (docs/architecture.md draws the map), the pure core without `vscode`, errors
// recognised by shape, and ids kept in src/ids.ts. test/unit/architectureRules.test.ts feeds
// a wrong import to each rule and checks that it fails.
import tseslint from 'typescript-eslint';
import { userFacingStrings } from './test/lint/userFacingStrings.mjs';

const undici = {
  name: 'undici',
  message: 'Import undici/lib/... modules, never the entry point.',
  allowTypeImports: true,
};
const vscode = {
  name: 'vscode',
  message:
    'The pure core (api, sandbox, common, merchant, catalog, links, health, siteDisk, reports, revenue, writing, cli) must not import vscode: it is unit-tested in plain Node.',
};

/** Import patterns (gitignore-style, matched against the import's text) and why they are refused. */
const CONTROLLERS = '**/controllers/**';
const PROMPTS = '**/prompts/**';
const LOADERS = '**/loaders/**';
const SETTINGS_READERS = '**/settings/**';
const SECRETS = '**/secrets/**';
/** The rooms of the shell a person sees or runs, and activation. */
const VIEWS_AND_COMMANDS = [
  '**/views/**',
  '**/commands/**',
  '**/hover/**',
  '**/lens/**',
  '**/editing/**',
  '**/extension',
  '**/webviews/*/host/**',
];
/** Link health in the editor: the site's index (scan, watch, persist) and its problems (diagnostics, fixes). */
const SITE = '**/site/**';
const PROBLEMS = '**/problems/**';
const UI = [...VIEWS_AND_COMMANDS, SITE, PROBLEMS];
const SHELL = [CONTROLLERS, PROMPTS, LOADERS, SETTINGS_READERS, SECRETS, ...UI];
const refuse = (group, message) => ({ group, message });
const noShell = refuse(
  SHELL,
  'The pure core never imports the VS Code shell (controllers, prompts, loaders, settings, views, commands, hover, lens, editing, secrets): data flows from the core to the shell.',
);
const settingsAtTheBottom = refuse(
  [CONTROLLERS, PROMPTS, LOADERS, SECRETS, ...UI],
  'src/settings/ reads settings: it imports no other room of the shell (controllers, prompts, loaders, views, commands); they import it.',
);
const promptsBelowControllers = refuse(
  [CONTROLLERS, LOADERS, SECRETS, ...UI],
  'src/prompts/ holds what the user reads and its buttons: it imports no controller, loader, view or command; they call it.',
);
const loadersBelowControllers = refuse(
  [CONTROLLERS, SECRETS, ...UI],
  'src/loaders/ loads the lazy bundles and makes clients: it imports no controller, view or command; the controllers are handed its loaders.',
);
const noCatalog = refuse(
  ['**/catalog', '**/catalog/**'],
  'Only the shell imports the catalog: the link rules, the reports and the merchant module do not (share types through src/merchant/).',
);
const noLinks = refuse(
  ['**/links/**'],
  'The catalog does not import the link rules: share what both need through src/merchant/.',
);
const healthOwnInputs = refuse(
  ['**/reports/**', '**/sandbox/**', '**/webviews/**', '**/keys/**'],
  "Link health judges a document against the catalog it is handed: it imports the link rules, the merchant module, the client's types and the building blocks, never the reports, the sandbox, the webviews or the keys.",
);
const noSiteDisk = refuse(
  ['**/siteDisk/**'],
  'Link health judges texts: src/siteDisk/ reads the site from disk for it, never the other way.',
);
const siteDiskOwnInputs = refuse(
  ['**/api/**', '**/reports/**', '**/sandbox/**', '**/webviews/**', '**/keys/**'],
  "src/siteDisk/ reads a site's files into link health's index in plain Node (the extension, a command line, the benchmark): it imports link health and the building blocks, never the client, the reports, the sandbox, the webviews or the keys.",
);
const noCacheOrStore = refuse(
  ['../cache', '../cache/**', '../store/**'],
  'The tree, search and present rooms render a catalog: they never import its cache or its store.',
);
const noUpperRooms = refuse(
  ['../store/**', '../cache', '../cache/**', '../tree/**', '../present/**', '../search/**'],
  'The catalog model is the bottom of the catalog: it imports no other catalog room.',
);
const cacheThroughIndex = refuse(
  ['**/catalog/cache/*', '../cache/*', '!**/catalog/cache/index', '!../cache/index'],
  'Outside the cache room, use the cache through its index (catalog/cache), which exports what the store needs.',
);
const noTestHooks = refuse(
  ['**/cache/testing', './testing'],
  'catalog/cache/testing.ts is for tests and benchmarks only.',
);
const onlyApi = refuse(
  [
    '**/catalog/**',
    '**/links/**',
    '**/merchant/**',
    '**/reports/**',
    '**/common/**',
    '!**/common/emitter',
    '**/ids',
    '**/sandbox/**',
    ...SHELL,
  ],
  'The service client is the bottom layer: it imports nothing of the extension but the events of the pure core (common/emitter).',
);
const onlyCommon = refuse(
  ['**/api/**', '**/catalog/**', '**/links/**', '**/merchant/**', '**/reports/**', '**/sandbox/**', '**/ids', ...SHELL],
  'src/common/ holds the building blocks every room may use; it imports no room.',
);

const onlyKeysOwn = refuse(
  [
    '**/catalog/**',
    '**/links/**',
    '**/merchant/**',
    '**/reports/**',
    '**/sandbox/**',
    '**/webviews/**',
    '**/ids',
    ...SHELL,
  ],
  'src/keys/ holds what keys open and which platform they serve: it imports only the client (the shell and the report panel import it).',
);

const nodeBuiltins = { group: ['node:*'], message: 'The webview app runs in a browser: no Node.js modules.' };
const webviewApp = {
  // Anything above src/webviews/<name>/ but the building blocks, the reports' vocabulary and the panel's protocol; and the host beside it.
  regex:
    '^(\\.\\./\\.\\./\\.\\./(?!(common/(lifecycle|delayer|latestWins)|reports/model/reportVocabulary|reports/panel/protocol)$)|\\.\\./host(/|$))',
  message:
    'The webview app is its own small app: it imports its own files, its libraries, reports/model/reportVocabulary, (type only) reports/panel/protocol and the building blocks common/lifecycle, common/delayer and common/latestWins, never the extension.',
};
const protocolTypeOnly = {
  group: ['**/reports/panel/protocol', './protocol', '../panel/protocol'],
  message: 'Import the protocol with `import type`: it holds types only and both sides share it.',
  allowTypeImports: true,
};
const vocabularyImportsNothing = {
  regex: '^(?!\\./)',
  message:
    "The reports' vocabulary is shared by the report model, the panel's session and host and the webview app (a browser bundle): it imports nothing, or types only from the report model.",
};
// A type import that any pattern allowing types matches passes every pattern: the two patterns cover apart.
const vocabularyHoldsData = {
  regex: '^\\./',
  message:
    "The reports' vocabulary is shared by the report model, the panel's session and host and the webview app (a browser bundle): it imports nothing, or types only from the report model.",
  allowTypeImports: true,
};
const protocolImportsTheVocabulary = {
  regex: '^(?!\\.\\./model/reportVocabulary$)',
  message:
    "The panel's protocol is shared by the host, the session and the webview app: it holds types only and imports the reports' vocabulary only, as types.",
};
const protocolHoldsTypes = {
  regex: '^\\.\\./model/reportVocabulary$',
  message:
    "The panel's protocol is shared by the host, the session and the webview app: it holds types only and imports the reports' vocabulary only, as types.",
  allowTypeImports: true,
};
const noWebviewApp = refuse(
  ['**/webviews/*/app/**', '../app', '../app/**'],
  'The host never imports the webview app: they talk through the protocol only.',
);
const noWebviews = refuse(
  ['**/webviews', '**/webviews/**'],
  "The reports never import the webviews: the panel's host imports the session, and the webview app the vocabulary and the protocol.",
);
/** What every room of the shell keeps to. */
const SHELL_PATTERNS = [cacheThroughIndex, noTestHooks, noWebviewApp];

/**
 * Only the client (src/api) and the sandbox speak HTTP: every request to the service takes a slot
 * of the client's request budget, which keeps every window under the service's rate limit.
 */
const noOwnHttp = refuse(
  ['node:http', 'node:https', 'node:http2', 'node:net', 'http', 'https', 'undici/**'],
  'Only the service client (src/api) talks to the service: its requests go through the request budget that keeps every window under the rate limit.',
);
const OWN_REQUESTS = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
  name,
  message:
    'Only the service client (src/api) talks to the service: its requests go through the request budget that keeps every window under the rate limit.',
}));

/** The restrictions of one room: undici always, `vscode` in the pure core, no HTTP of its own, and the room's own patterns. */
function room(files, { pure, patterns, http = false }) {
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: pure ? [undici, vscode] : [undici], patterns: http ? patterns : [...patterns, noOwnHttp] },
      ],
      'no-restricted-globals': http ? 'off' : ['error', ...OWN_REQUESTS],
    },
  };
}

const NOT_BY_INSTANCEOF =
  "BinaryExpression[operator='instanceof'][right.type='Identifier'][right.name=/Error$/][right.name!=/^(Error|TypeError|RangeError|SyntaxError|AggregateError)$/]";

/** In the extension host `@vscode/l10n` is vscode.l10n (src/hostL10n.ts), which has `t` only. */
const L10N_T_ONLY = {
  selector: "MemberExpression[object.name='l10n'][property.name!='t']",
  message:
    'Use l10n.t only: in the extension host @vscode/l10n is vscode.l10n (src/hostL10n.ts), which the host configures itself.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '.cache/**',
      '.vscode-test/**',
      '.stryker-tmp/**',
      'reports/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
      // undici's entry point installs a process-wide dispatcher; load its modules one by one.
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [undici] }],
      // On Node 20.20 URL.canParse answers false for valid Latin-1 URLs once anything in the
      // process has run it hot (test/unit/urlFinderHot.test.ts): parse with new URL in try/catch.
      'no-restricted-properties': [
        'error',
        {
          object: 'URL',
          property: 'canParse',
          message:
            'URL.canParse lies once hot on Node 20.20 (valid Latin-1 URLs answer false): use new URL(...) in try/catch.',
        },
      ],
    },
  },
  room(['src/api/**/*.ts'], { pure: true, patterns: [onlyApi], http: true }),
  room(['src/sandbox/**/*.ts'], { pure: true, patterns: [noCatalog, noLinks, noShell], http: true }),
  room(['src/common/**/*.ts'], { pure: true, patterns: [onlyCommon] }),
  room(['src/keys/**/*.ts'], { pure: true, patterns: [onlyKeysOwn] }),
  room(['src/merchant/**/*.ts'], { pure: true, patterns: [noCatalog, noLinks, noShell] }),
  room(['src/links/**/*.ts'], { pure: true, patterns: [noCatalog, noShell] }),
  room(['src/health/**/*.ts'], { pure: true, patterns: [noCatalog, healthOwnInputs, noSiteDisk, noShell] }),
  room(['src/siteDisk/**/*.ts'], { pure: true, patterns: [noCatalog, siteDiskOwnInputs, noShell] }),
  // Revenue at risk and Replace Links (issue 33): pure, unit-tested in plain Node; the shell hands it the catalog.
  room(['src/revenue/**/*.ts'], { pure: true, patterns: [noShell] }),
  // What a paste, a drop or a completion writes (issue 35): pure; the providers of src/editing/ hand it the document.
  room(['src/writing/**/*.ts'], { pure: true, patterns: [noShell] }),
  // Link health in CI (issue 36): the command line, in plain Node; the same rules, fixes and site reading as the
  // extension, never vscode or its shell.
  room(['src/cli/**/*.ts'], { pure: true, patterns: [noShell] }),
  room(['src/catalog/snapshot/**/*.ts'], { pure: true, patterns: [noCacheOrStore, noLinks, noShell] }),
  room(['src/catalog/model/**/*.ts'], { pure: true, patterns: [noUpperRooms, noLinks, noShell] }),
  room(['src/catalog/tree/**/*.ts', 'src/catalog/search/**/*.ts', 'src/catalog/present/**/*.ts'], {
    pure: true,
    patterns: [noCacheOrStore, noLinks, noShell],
  }),
  room(['src/catalog/store/**/*.ts'], { pure: true, patterns: [cacheThroughIndex, noTestHooks, noLinks, noShell] }),
  room(['src/catalog/cache/**/*.ts'], {
    pure: true,
    patterns: [
      refuse(
        ['../store/**', '../tree/**', '../search/**', '../present/**'],
        'The cache keeps the catalog on disk; it knows nothing of the store above it or of the views.',
      ),
      noTestHooks,
      noLinks,
      noShell,
    ],
  }),
  room(['src/reports/model/**/*.ts'], {
    pure: true,
    patterns: [
      refuse(
        ['../store/**', '../cache/**'],
        'The report model aggregates what it is given: it never imports the report store or its cache.',
      ),
      refuse(
        ['../panel', '../panel/**', '../figures/**'],
        'The report model is the bottom of the reports: it never imports the panel session (its protocol included) or the figures.',
      ),
      {
        // Its own files, the client and the building blocks; libraries (@vscode/l10n) are not relative imports.
        regex: '^\\.(?!/|\\./\\.\\./(api|common)/)',
        message:
          'The report model imports its own files, the client (src/api) and the building blocks (src/common) only.',
      },
      noWebviews,
      noCatalog,
      noLinks,
      noShell,
    ],
  }),
  room(['src/reports/cache/**/*.ts'], {
    pure: true,
    patterns: [
      refuse(['../store/**'], 'The report cache keeps reports on disk; it knows nothing of the store above it.'),
      noCatalog,
      noLinks,
      noShell,
    ],
  }),
  room(['src/reports/store/**/*.ts'], { pure: true, patterns: [noCatalog, noLinks, noShell] }),
  room(['src/reports/figures/**/*.ts'], {
    pure: true,
    patterns: [
      refuse(
        ['../store/**', '../cache/**', '../panel/**'],
        'The figures aggregate what the store read: they import the report model, never the store, its cache or the panel session.',
      ),
      noCatalog,
      noLinks,
      noShell,
    ],
  }),
  room(['src/reports/panel/**/*.ts'], {
    pure: true,
    patterns: [
      refuse(['../cache/**'], "The report panel's session reads reports through the store, never its cache."),
      protocolTypeOnly,
      noWebviews,
      noCatalog,
      noLinks,
      noShell,
    ],
  }),
  {
    files: ['src/webviews/*/app/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vscode',
              message:
                'The webview app runs in a browser: it talks to the extension through the protocol, never through vscode.',
            },
            undici,
          ],
          patterns: [nodeBuiltins, webviewApp, protocolTypeOnly],
        },
      ],
    },
  },
  room(['src/webviews/*/host/**/*.ts'], {
    pure: false,
    patterns: [
      cacheThroughIndex,
      noTestHooks,
      protocolTypeOnly,
      noWebviewApp,
      refuse(
        ['**/views/**', '**/commands/**', '**/hover/**', '**/lens/**', '**/extension'],
        "The report panel's host is below the views and commands: it runs them through their command ids (src/ids.ts), never imports them.",
      ),
    ],
  }),
  room(['src/reports/model/reportVocabulary.ts'], {
    pure: true,
    patterns: [vocabularyImportsNothing, vocabularyHoldsData],
  }),
  room(['src/reports/panel/protocol.ts'], {
    pure: true,
    patterns: [protocolImportsTheVocabulary, protocolHoldsTypes],
  }),
  room(['src/webviews/*/host/messageValidation.ts'], {
    pure: true,
    patterns: [protocolTypeOnly, noWebviewApp, noShell],
  }),
  room(
    [
      'src/*.ts',
      'src/controllers/**/*.ts',
      'src/views/**/*.ts',
      'src/commands/**/*.ts',
      'src/hover/**/*.ts',
      'src/lens/**/*.ts',
      'src/secrets/**/*.ts',
    ],
    { pure: false, patterns: SHELL_PATTERNS },
  ),
  room(['src/editing/**/*.ts'], {
    pure: false,
    patterns: [
      ...SHELL_PATTERNS,
      refuse(
        ['**/views/**', '**/commands/**', '**/hover/**', '**/lens/**', PROBLEMS, SITE, '**/extension'],
        'src/editing/ holds the paste, drop and completion providers: it imports the core, settings and controllers, never a view, command, hover, lens, problem or activation.',
      ),
    ],
  }),
  room(['src/site/**/*.ts'], {
    pure: false,
    patterns: [
      ...SHELL_PATTERNS,
      refuse(
        [PROBLEMS, ...VIEWS_AND_COMMANDS],
        "src/site/ keeps the site's link index: it imports the core, settings and controllers' types, never the problems it feeds, a view or a command.",
      ),
    ],
  }),
  room(['src/problems/**/*.ts'], {
    pure: false,
    patterns: [
      ...SHELL_PATTERNS,
      refuse(
        VIEWS_AND_COMMANDS,
        'src/problems/ turns the site index into diagnostics and fixes: it imports the site, settings and controllers, never a view, command, hover, lens or activation.',
      ),
    ],
  }),
  room(['src/settings/**/*.ts'], { pure: false, patterns: [...SHELL_PATTERNS, settingsAtTheBottom] }),
  room(['src/prompts/**/*.ts'], { pure: false, patterns: [...SHELL_PATTERNS, promptsBelowControllers] }),
  room(['src/loaders/**/*.ts'], { pure: false, patterns: [...SHELL_PATTERNS, loadersBelowControllers] }),
  {
    // Errors of the client come from its own bundle (dist/api.js): recognise them by shape.
    files: ['src/**/*.ts'],
    ignores: ['src/api/**', 'src/sandbox/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: NOT_BY_INSTANCEOF,
          message:
            'Recognise errors by shape (isServiceError, serviceErrorKind, a kind field), never by instanceof: each bundle has its own copy of the classes.',
        },
        {
          selector: 'Literal[value=/^affiliateLinks\\./]',
          message: 'Command ids, context keys, view ids, settings and state keys live in src/ids.ts.',
        },
        L10N_T_ONLY,
      ],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', L10N_T_ONLY] },
  },
  {
    // The webview app configures @vscode/l10n with the bundle its host gives it.
    files: ['src/webviews/*/app/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: NOT_BY_INSTANCEOF,
          message:
            'Recognise errors by shape (isServiceError, serviceErrorKind, a kind field), never by instanceof: each bundle has its own copy of the classes.',
        },
        {
          selector: 'Literal[value=/^affiliateLinks\\./]',
          message: 'Command ids, context keys, view ids, settings and state keys live in src/ids.ts.',
        },
      ],
    },
  },
  {
    files: ['src/ids.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // What the user reads is localised (package.nls.json for package.json, l10n/ for the code).
    // The sandbox is a test double of the service, not the extension.
    files: ['src/**/*.ts'],
    ignores: ['src/sandbox/**'],
    plugins: { local: { rules: { 'user-facing-strings': userFacingStrings } } },
    rules: { 'local/user-facing-strings': 'error' },
  },
);
