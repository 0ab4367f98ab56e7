package dev.gale.flux.internal;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.Node;

/** A place in a YAML source, {@code file:line:column} with both counted from 1. Stateless. */
final class Where {
    private Where() {
    }

    static String of(String source, Mark mark) {
        return mark == null ? source : source + ":" + (mark.getLine() + 1) + ":" + (mark.getColumn() + 1);
    }

    static String of(String source, Node node) {
        return of(source, node.getStartMark());
    }

    /** {@code file:line}, without the column: where a definition starts. */
    static String line(String source, Node node) {
        Mark mark = node.getStartMark();
        return mark == null ? source : source + ":" + (mark.getLine() + 1);
    }
}
