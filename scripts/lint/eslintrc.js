// The rules every script in Sources/RoadTripWeb/Assets is checked against (bin/check-scripts,
// which `make test` runs): Debian's eslint with its recommended rules, those below, and one of
// RoadTrip's own (rules/imports-resolve.js). Nothing is built from the scripts: a browser runs
// them as they are, so what is checked here is what runs.
module.exports = {
  root: true,
  // What Chromium reads as it is: ES2022 modules (optional chaining, class fields, top-level await).
  parserOptions: { ecmaVersion: 2022, sourceType: "module" },
  env: { browser: true, es2020: true },
  // Browsers' own that Debian's eslint does not know yet (Compression Streams: Chromium 80, Safari 16.4).
  globals: { DecompressionStream: "readonly" },
  extends: "eslint:recommended",
  rules: {
    "imports-resolve": "error",
    "max-lines": ["error", { max: 300 }],
    "no-var": "error",
    "prefer-const": "error",
    eqeqeq: "error",
    // It reports a variable set after an `await` whenever the variable was read before it, which is
    // how a flag that keeps a second run out is written (`busy`, `sending`); ESLint 8 took it out
    // of its recommended rules for those false alarms.
    "require-atomic-updates": "off",
  },
  overrides: [
    {
      // The service worker and the store it shares with the pages run where there is no page:
      // only what a service worker has is defined (a `document` there is an error).
      files: ["service-worker.js", "kept-store.js"],
      env: { browser: false, serviceworker: true },
    },
  ],
};
