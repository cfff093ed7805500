/**
 * fiberbench's public workload API: implement {@link org.fiberbench.api.Workload} in your own
 * project, build a jar, and run it with {@code fiberbench run -w class:name=YOUR.CLASS,jar=YOUR.jar}
 * on any executor and load model. {@link org.fiberbench.api.Parameters} hands the spec's other keys
 * to the workload with typed getters whose errors are one line
 * ({@link org.fiberbench.api.ParameterException}). This package depends on the JDK alone.
 */
package org.fiberbench.api;
