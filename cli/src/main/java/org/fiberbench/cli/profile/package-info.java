/** {@code fiberbench profile diff}: compares two scenarios' async-profiler profiles frame by frame. */
package org.fiberbench.cli.profile;
