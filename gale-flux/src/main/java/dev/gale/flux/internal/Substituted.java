package dev.gale.flux.internal;

import java.util.List;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A YAML node whose value placeholder substitution made. It keeps the text the file wrote
 * ({@code ${ENV-PASSWORD}}), which messages show instead of the value, so that an error never
 * prints a substituted secret. Confined to one parse, as nodes are.
 */
interface Substituted {
    /** The text as written in the file, placeholders and all. */
    String written();

    /** A scalar with a substituted value, at the place of the scalar it replaces. */
    final class Scalar extends ScalarNode implements Substituted {
        private final String written;

        Scalar(Tag tag, String value, ScalarNode replaced, String written) {
            super(tag, value, replaced.getStartMark(), replaced.getEndMark(), replaced.getScalarStyle());
            this.written = written;
        }

        @Override
        public String written() {
            return written;
        }
    }

    /** A list that a placeholder alone made, from a property written {@code [a, b]}. */
    final class Sequence extends SequenceNode implements Substituted {
        private final String written;

        Sequence(List<Node> items, ScalarNode replaced, String written) {
            super(Tag.SEQ, true, items, replaced.getStartMark(), replaced.getEndMark(), DumperOptions.FlowStyle.FLOW);
            this.written = written;
        }

        @Override
        public String written() {
            return written;
        }
    }
}
