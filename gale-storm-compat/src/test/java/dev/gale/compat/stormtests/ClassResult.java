package dev.gale.compat.stormtests;

/**
 * The result of one of Storm's test classes: its outcome, why (the first failure, the missing class or
 * member, the skip reason; empty when it passed), and how many of its tests passed, failed and were skipped.
 * Immutable.
 *
 * @param className the relocated class name (dev.gale...)
 * @param outcome   how it fared
 * @param reason    one line saying why, empty when there is nothing to say
 * @param passed    tests that passed
 * @param failed    tests (or containers) that failed
 * @param skipped   tests that were skipped or aborted
 */
public record ClassResult(String className, Outcome outcome, String reason, int passed, int failed, int skipped) {

    /** A class that never got to run: not run on purpose, or not linkable. */
    public static ClassResult without(String className, Outcome outcome, String reason) {
        return new ClassResult(className, outcome, reason, 0, 0, 0);
    }

    /** True when every test that ran passed and at least one ran. */
    public boolean passedFully() {
        return outcome == Outcome.PASSED;
    }
}
