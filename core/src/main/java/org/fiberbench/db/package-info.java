/**
 * The parent's side of database scenarios: which database ({@code --db}, or an embedded H2 server
 * on 127.0.0.1 started per scenario), a connection check during planning that turns every bad
 * setting into one line and exit status 2, the table fiberbench seeds, the connection served to
 * each fork on a {@link org.fiberbench.secret.SecretChannel}, and after each scenario the fork's
 * query counters and the server's leftover sessions. {@link org.fiberbench.db.DbRun} is the entry
 * point; {@link org.fiberbench.db.ServedDatabase} is the same check and database for the HTTP
 * server's {@code /db}; {@link org.fiberbench.db.SharedDatabase} one database for every fork of a
 * command ({@code calibrate}'s references and scenarios).
 */
package org.fiberbench.db;
