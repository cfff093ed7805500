/**
 * How secrets (database passwords, an {@code http:} workload's password) travel from fiberbench to
 * the JVMs it starts without landing anywhere else: never on a command line, in a fork's
 * environment or in a file. The parent serves them on a Unix-domain socket in a directory only its
 * user may enter ({@link org.fiberbench.secret.SecretChannel}) for as long as a scenario runs; a
 * fork finds the socket through a system property and reads them once. {@link
 * org.fiberbench.secret.EnvSecrets} takes a secret out of the environment children would inherit.
 */
package org.fiberbench.secret;
