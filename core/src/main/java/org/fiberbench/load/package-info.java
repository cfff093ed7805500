/**
 * Load models: how tasks arrive. {@code batch} submits N tasks and waits for all (scored by JMH);
 * {@code closed} loops N users request→response; {@code open} starts tasks on a fixed schedule and
 * measures latency from each task's intended start, free of coordinated omission. Each kind is a
 * record of the sealed {@link org.fiberbench.load.LoadSpec}; a {@link org.fiberbench.load.LoopLoad}
 * also makes the {@link org.fiberbench.load.LoadModel} ({@code ClosedLoadModel}, {@code
 * OpenLoadModel}) that submits its tasks in the loop fork.
 */
package org.fiberbench.load;
