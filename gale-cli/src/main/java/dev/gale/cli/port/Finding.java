package dev.gale.cli.port;

/**
 * One use of something the port could not map, or one build edit left to the user.
 *
 * @param category what kind of item
 * @param name the class, package, artifact or file it is about
 * @param where {@code file:line}, or the file, relative to the tree
 * @param note what to do about this one (empty when the category's advice says it all)
 */
record Finding(Category category, String name, String where, String note) {
    Finding(Category category, String name, String where) {
        this(category, name, where, "");
    }
}
