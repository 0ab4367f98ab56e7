package dev.gale.impl.sched;

import dev.gale.impl.util.LeadingPad;

/**
 * Which call a runner is in: a sequence number, odd while a cycle runs, and that cycle. The runner
 * writes both twice per call and the watchdog reads them; the 128 bytes on either side keep those
 * writes off the lines that other threads write (see {@link LeadingPad} for why that matters).
 *
 * <p>Written by one runner thread, read by the watchdog.
 */
final class CallMark extends CallMarkPad {
}

/** A call mark's fields, behind the pad. */
abstract class CallMarkFields extends LeadingPad {
    volatile long seq;
    volatile Slot current;
}

/** 128 bytes between {@link CallMarkFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class CallMarkPad extends CallMarkFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
