package dev.gale.impl.sched;

/**
 * The thread of a pool on which quiet cycles gather while every thread dozes (see
 * {@link DutyCycle#quiet()}): the pool's first thread, replaced when that thread is isolated.
 *
 * <p>Thread-safe: the scheduler writes it, runners read it.
 */
final class Gathering {
    volatile Runner target;
}
