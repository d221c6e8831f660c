// Nothing to start. Turbopack looks for instrumentation.ts up the folders from an app that has
// none, and would compile the project's, which opens the database, into this app.
export function register() {}
