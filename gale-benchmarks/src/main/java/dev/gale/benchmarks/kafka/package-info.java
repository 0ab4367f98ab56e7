/**
 * The Kafka word count of the side-by-side benchmark, written once against the Storm-shaped API
 * (Gale's {@code dev.gale.kafka} port of storm-kafka-client).
 *
 * <p>Like {@code dev.gale.benchmarks.compare}, these sources are compiled twice: here against Gale,
 * and by {@code gale-benchmarks-storm} against Apache Storm and storm-kafka-client, which copies
 * them at build time and rewrites every {@code import dev.gale.} to {@code import org.apache.storm.}.
 * So: import only engine and connector API (never another Gale package, never Gale-only methods
 * such as dead-letter topics). Nothing is measured in here: the harness
 * ({@code dev.gale.benchmarks.topology.CompareKafka}) produces the input and reads the output
 * back, outside both engines.
 */
package dev.gale.benchmarks.kafka;
