import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // What can reach the browser: the named `z` is zod's whole namespace object (every locale included); Turbopack
    // trims it today, other bundlers (esbuild: +60 kB gzip) do not. The star import is trimmed by all of them.
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/server/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: 'Import zod as `import * as z from "zod"`: the named `z` is the whole namespace object, every locale included, which not every bundler trims.',
        },
      ],
    },
  },
  {
    // The contract is shared by browser, desk server and service: it may not reach into any of them.
    files: ["lib/alpha/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/lib/server/*", "@/app/*", "@/service/*", "**/service/**", "**/lib/server/**", "node:*"] }],
    },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/server/core/embedded-service.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/service/*", "**/service/**"] }],
    },
  },
  {
    // Browser code and the desk's contract never import the desk server, not even a type: shapes that cross the
    // boundary live in lib/desk (the desk's routes) or lib/alpha (the service's).
    files: ["components/**", "lib/query/**", "lib/desk/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/lib/server", "@/lib/server/*", "**/lib/server/**"], message: "Browser code never imports lib/server (not even a type): use the schemas of lib/desk." },
            { group: ["@/service/*", "**/service/**"], message: "The desk never imports the service." },
          ],
          paths: [
            {
              name: "@/lib/desk/route-meta",
              message: "Import the routes of one area (@/lib/desk/route-meta/<area>): the whole table would reach the page's first load.",
            },
            {
              name: "@/lib/alpha/errors",
              importNames: ["AlphaError", "isAlphaError", "ERROR_STATUS", "DESK_ERROR_STATUS"],
              message: "Import AlphaError and isAlphaError from @/lib/alpha/alpha-error: lib/alpha/errors carries zod into every page.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["service/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/app/*", "@/components/*", "@/lib/server/*", "@/lib/query/*", "**/lib/server/**"] }],
    },
  },
  globalIgnores([".next/**", ".next-*/**", "out/**", "build/**", "next-env.d.ts", "data/**", "playwright-report/**", "test-results/**", "node_modules/**"]),
]);
