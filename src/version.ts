/** The action's version, sent in the User-Agent. A test keeps it equal to package.json's. */
export const VERSION = '1.0.0'
