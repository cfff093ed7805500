/**
 * The spec language shared by executors, workloads and load models: {@code kind[:key=value,...]}.
 * A spec is parsed once, validated against the keys its kind accepts, and printed back in canonical
 * form so that results, tables and comparisons name a scenario the same way whatever the user typed.
 */
package org.fiberbench.spec;
