import { registerHooks } from 'node:module';

/**
 * Loaded first (`--import`) by a reader process run from the sources (reader-module.ts): Node strips the types of our
 * TypeScript itself, and this resolves our relative imports, written without an extension, to their `.ts` files.
 */
registerHooks({
  resolve(specifier, context, next) {
    if (!/^\.\.?\//.test(specifier) || /\.[cm]?[jt]sx?$/.test(specifier)) return next(specifier, context);
    try {
      return next(specifier, context);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      return next(`${specifier}.ts`, context);
    }
  },
});
