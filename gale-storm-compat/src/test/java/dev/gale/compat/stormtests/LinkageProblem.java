package dev.gale.compat.stormtests;

/**
 * Names what a test class could not link to Gale: the missing class or member behind a
 * {@link LinkageError} or {@link ClassNotFoundException} somewhere in a failure's cause chain. Stateless.
 */
public final class LinkageProblem {
    private LinkageProblem() {
    }

    /**
     * The missing class or member this failure comes down to, or null when it is not a linkage problem.
     * A class whose static initializer failed is not missing (its failure is reported as such), and neither
     * is one that "could not be initialized" after such a failure.
     */
    public static String of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String description = describe(t);
            if (description != null) {
                return description;
            }
        }
        return null;
    }

    private static String describe(Throwable t) {
        String message = String.valueOf(t.getMessage());
        if (t instanceof ExceptionInInitializerError) {
            return null;
        }
        if (t instanceof NoClassDefFoundError) {
            if (message.startsWith("Could not initialize class")) {
                return null;
            }
            return "missing class " + message.replace('/', '.');
        }
        if (t instanceof ClassNotFoundException) {
            return "missing class " + message;
        }
        if (t instanceof NoSuchMethodError) {
            return "missing method " + message;
        }
        if (t instanceof NoSuchFieldError) {
            return "missing field " + message;
        }
        if (t instanceof LinkageError) {
            return t.getClass().getSimpleName() + ": " + message;
        }
        return null;
    }
}
