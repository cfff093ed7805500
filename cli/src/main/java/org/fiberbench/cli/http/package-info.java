/** The HTTP commands: {@code serve} (seed 003's server) and {@code load} (the load generator). */
package org.fiberbench.cli.http;
