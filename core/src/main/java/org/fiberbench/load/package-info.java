/**
 * Load models: how tasks arrive. {@code batch} submits N tasks and waits for all (scored by JMH);
 * {@code closed} loops N users request→response; {@code open} starts tasks on a fixed schedule and
 * measures latency from each task's intended start, free of coordinated omission.
 */
package org.fiberbench.load;
