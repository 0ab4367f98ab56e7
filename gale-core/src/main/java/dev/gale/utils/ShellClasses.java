package dev.gale.utils;

/**
 * Instantiates the classes a topology configuration names for its shell components (serializer,
 * log handler), finding a Storm class name ({@code org.apache.storm.multilang.JsonSerializer},
 * Storm's default) under {@code dev.gale.} as well. Stateless.
 */
final class ShellClasses {
    private static final String STORM_PREFIX = "org.apache.storm.";
    private static final String GALE_PREFIX = "dev.gale.";

    private ShellClasses() {
    }

    static <T> T instantiate(String className, Class<T> type, String configKey) {
        Class<?> c = find(className);
        if (c == null) {
            throw new IllegalArgumentException(configKey + ": no class " + className + " on the classpath"
                    + (className.startsWith(STORM_PREFIX) ? " (nor " + GALE_PREFIX + className.substring(STORM_PREFIX.length()) + ")" : ""));
        }
        if (!type.isAssignableFrom(c)) {
            throw new IllegalArgumentException(configKey + ": " + c.getName() + " is not a " + type.getName());
        }
        try {
            return type.cast(c.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(configKey + ": cannot create " + c.getName()
                    + " with its public no-argument constructor: " + e, e);
        }
    }

    private static Class<?> find(String className) {
        Class<?> c = load(className);
        if (c == null && className.startsWith(STORM_PREFIX)) {
            c = load(GALE_PREFIX + className.substring(STORM_PREFIX.length()));
        }
        return c;
    }

    private static Class<?> load(String name) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        try {
            return Class.forName(name, true, context != null ? context : ShellClasses.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            try {
                return Class.forName(name);
            } catch (ClassNotFoundException again) {
                return null;
            }
        }
    }
}
