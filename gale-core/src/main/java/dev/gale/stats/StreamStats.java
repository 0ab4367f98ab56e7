package dev.gale.stats;

/**
 * Counters of one output stream of one task (Gale addition). Immutable.
 *
 * @param emitted emit calls on the stream
 * @param transferred tuple copies sent to target tasks on the stream
 */
public record StreamStats(String streamId, long emitted, long transferred) {
}
