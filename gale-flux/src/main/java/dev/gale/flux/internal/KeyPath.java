package dev.gale.flux.internal;

import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * The key a YAML parser had reached when it failed, such as {@code bolts[1].className}: read from
 * the parser's events up to the failure, so a syntax error can name its key, which the parser's
 * own message does not. Stateless.
 */
final class KeyPath {
    private KeyPath() {
    }

    /** One open mapping or sequence. */
    private static final class Frame {
        final boolean mapping;
        boolean expectKey = true;
        String key;
        int index = -1;

        Frame(boolean mapping) {
            this.mapping = mapping;
        }
    }

    /**
     * The path of the last key or item begun before {@code problem} (or before {@code text} fails
     * to parse, if sooner); empty if none.
     */
    static String before(String text, Mark problem) {
        Deque<Frame> stack = new ArrayDeque<>();
        Iterator<Event> events = new Yaml(new LoaderOptions()).parse(new StringReader(text)).iterator();
        try {
            while (events.hasNext()) {
                Event e = events.next();
                if (problem != null && e.getStartMark() != null && e.getStartMark().getIndex() >= problem.getIndex()) {
                    break;
                }
                switch (e.getEventId()) {
                    case Scalar, Alias -> {
                        Frame top = stack.peek();
                        if (top != null && top.mapping && top.expectKey) {
                            top.key = e instanceof ScalarEvent s ? s.getValue() : "*";
                            top.expectKey = false;
                        } else {
                            valueStarted(top);
                            valueEnded(top);
                        }
                    }
                    case MappingStart, SequenceStart -> {
                        valueStarted(stack.peek());
                        stack.push(new Frame(e.getEventId() == Event.ID.MappingStart));
                    }
                    case MappingEnd, SequenceEnd -> {
                        stack.pop();
                        valueEnded(stack.peek());
                    }
                    default -> {
                    }
                }
            }
        } catch (YAMLException | NoSuchElementException e) {
            // the failure: the stack is where the parser was
        }
        return render(stack);
    }

    private static void valueStarted(Frame parent) {
        if (parent != null && !parent.mapping) {
            parent.index++;
        }
    }

    private static void valueEnded(Frame parent) {
        if (parent != null && parent.mapping) {
            parent.expectKey = true;
        }
    }

    private static String render(Deque<Frame> stack) {
        StringBuilder path = new StringBuilder();
        Iterator<Frame> fromRoot = stack.descendingIterator();
        while (fromRoot.hasNext()) {
            Frame f = fromRoot.next();
            if (f.mapping) {
                if (f.key == null) {
                    break;
                }
                path.append(path.length() == 0 ? "" : ".").append(f.key);
            } else {
                if (f.index < 0) {
                    break;
                }
                path.append('[').append(f.index).append(']');
            }
        }
        return path.toString();
    }
}
