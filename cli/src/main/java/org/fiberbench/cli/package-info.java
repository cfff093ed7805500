/**
 * The command line: picocli commands that map flags to options and call the engine. No logic
 * lives here that Java callers and tests cannot reach directly. {@link org.fiberbench.cli.Main}
 * turns user errors into one line and exit status 2.
 */
package org.fiberbench.cli;
