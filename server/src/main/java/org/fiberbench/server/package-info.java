/** The embedded HTTP server scenario (seed 003). */
package org.fiberbench.server;
