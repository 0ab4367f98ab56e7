package dev.gale.cli.port;

/** Helpers on dotted Java names. Stateless. */
final class Names {
    private Names() {
    }

    /** Whether {@code name} is {@code prefix} or starts with it followed by a dot: whole segments only. */
    static boolean hasPrefix(String name, String prefix) {
        return name.equals(prefix) || name.startsWith(prefix) && name.length() > prefix.length()
                && name.charAt(prefix.length()) == '.';
    }
}
