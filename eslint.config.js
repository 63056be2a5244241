// The linter (npm test runs it over src/): typescript-eslint's recommendedTypeChecked rule set,
// the rules that read the types (promises left floating, `any` leaking, assertions that change
// nothing...), and React's rules of hooks. The few rules turned off or tuned below each say why.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test/', '**/*.mjs', 'eslint.config.js', 'vitest.config.ts'] },
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // Off: hooks here list a key that stands for a value built anew on every render (a read's
      // source, an object of filters), which this rule cannot tell from a missing dependency.
      'react-hooks/exhaustive-deps': 'off',
      // A name starting with _ is one left out on purpose: a rest sibling ({ id: _id, ...rest })
      // or a parameter a signature needs.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // fastify tells a hook's style by what it returns: an async function with no await is how
      // a synchronous hook or handler is written there (a plain one would be waited on for `done`).
      '@typescript-eslint/require-await': 'off',
      // Wrapping a stream's read or process.emitWarning keeps the original to call with .call()
      // and to put back, which the rule cannot tell from a method torn off its object.
      '@typescript-eslint/unbound-method': 'off',
      // The route table fills the navigation's empty ScreenParamsById by module augmentation.
      '@typescript-eslint/no-empty-object-type': 'off',
      // String() is how a value read from outside (a CSV cell, a query parameter, an SQL
      // argument) becomes text; the rule sees `{}` once null and undefined are ruled out.
      '@typescript-eslint/no-base-to-string': 'off',
      // A rejection passed on from another promise is passed on as it came.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
);
