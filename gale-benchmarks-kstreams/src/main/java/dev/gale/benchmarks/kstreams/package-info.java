/**
 * The Kafka benchmark's word count on Kafka Streams ({@code bench/compare-kafka.sh}): the same
 * input and output records as the engines' {@code dev.gale.benchmarks.kafka} topology, so the
 * harness measures all three the same way. Nothing is measured in here.
 */
package dev.gale.benchmarks.kstreams;
