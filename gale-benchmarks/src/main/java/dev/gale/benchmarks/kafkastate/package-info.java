/**
 * Gale's cells of the Kafka benchmark's matrix that Storm has no counterpart for (state in RocksDB,
 * exactly once with the offsets in the checkpoints and a transactional sink). Gale only: unlike
 * {@code dev.gale.benchmarks.kafka}, these sources are not ported to Storm.
 */
package dev.gale.benchmarks.kafkastate;
