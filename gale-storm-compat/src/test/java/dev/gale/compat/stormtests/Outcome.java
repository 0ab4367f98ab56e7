package dev.gale.compat.stormtests;

/**
 * How one of Storm's test classes fared against Gale. Immutable.
 */
public enum Outcome {
    /** Every test that ran passed (tests Storm itself disables may be among them, as skipped). */
    PASSED("passed"),
    /** At least one test failed or errored for a reason other than a missing class or member. */
    FAILED("failed"),
    /** The class, or something it touches, names a class or member Gale does not have. */
    COULD_NOT_LINK("could not link"),
    /** The class ran but no test in it did: disabled, or every test is one Storm's build skips too. */
    SKIPPED("skipped"),
    /** Deliberately not run (see storm-tests-not-run.txt): it needs Storm's daemons. */
    NOT_RUN("not run");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    /** The words the report prints. */
    public String label() {
        return label;
    }
}
