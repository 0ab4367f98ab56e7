/**
 * The side-by-side benchmark topologies, written once against the Storm-shaped API.
 *
 * <p>These sources are compiled twice: here against Gale, and by {@code gale-benchmarks-storm}
 * against Apache Storm, which copies them at build time and rewrites every {@code import dev.gale.}
 * to {@code import org.apache.storm.}. So: import only engine API (never another Gale benchmark
 * package, never Gale-only classes), and keep everything the two engines must share in this
 * package. Measurement is engine-neutral: the spouts and sinks count into {@link Meter}, and
 * {@link TopologyRun} reads it, the same on both engines.
 */
package dev.gale.benchmarks.compare;
