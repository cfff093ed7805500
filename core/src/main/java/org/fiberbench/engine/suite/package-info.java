/**
 * The built-in suites: each experiment as a named {@link org.fiberbench.engine.Suite} at quick and
 * full scale. {@link org.fiberbench.engine.suite.Suites} is the catalogue ({@code list suites},
 * {@code run NAME}, the default showdown); the suites themselves are package-private and only build
 * scenarios from the engine's types. The engine does not know this package: a suite is handed to
 * {@link org.fiberbench.engine.Plan#suites} like any other.
 */
package org.fiberbench.engine.suite;
