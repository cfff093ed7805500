/**
 * Apache JMeter 5.6.3 as a load engine for fiberbench: {@link org.fiberbench.jmeter.PlanBuilder} turns
 * a {@code load}'s settings into a JMeter test plan; {@link org.fiberbench.jmeter.JMeterLoad} runs it
 * on an embedded engine in a fork or on agents over RMI and records every sample into the same
 * recorder as fiberbench's own generator; {@link org.fiberbench.jmeter.Agent} is the agent side;
 * {@link org.fiberbench.jmeter.JmxExport} writes the plan as a {@code .jmx} stock JMeter runs.
 */
package org.fiberbench.jmeter;
