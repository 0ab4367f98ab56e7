/**
 * Small wall-clock probes for the flow-control behaviour of issue 10, run by hand with their
 * {@code main}: {@link dev.gale.benchmarks.probe.TimeoutTrapProbe} (acks/s of a bolt slower than
 * the message timeout allows) and {@link dev.gale.benchmarks.probe.CongestedSpoutCpu} (CPU of a
 * spout held back by a full queue). Never run by the test command.
 */
package dev.gale.benchmarks.probe;
