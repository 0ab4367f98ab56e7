package dev.gale.multilang;

/**
 * A command to a multilang spout's subprocess: {@code next}, {@code ack}, {@code fail},
 * {@code activate} or {@code deactivate}, with the message id of an ack or fail.
 *
 * <p>Not thread-safe: a plain value.
 */
public class SpoutMsg {
    private String command;
    private Object id;

    public String getCommand() {
        return command;
    }

    public void setCommand(String command) {
        this.command = command;
    }

    public Object getId() {
        return id;
    }

    public void setId(Object id) {
        this.id = id;
    }
}
