package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * A multilang component's command, as Storm's Thrift struct has it: the program to run
 * ({@code execution_command}, e.g. {@code python3}) and its script. {@code ShellBolt} and
 * {@code ShellSpout} take one in a constructor. Not thread-safe (a mutable value, as in Storm).
 */
public class ShellComponent implements Serializable {
    private static final long serialVersionUID = 1L;

    private String execution_command;
    private String script;

    public ShellComponent() {
    }

    public ShellComponent(String execution_command, String script) {
        this.execution_command = execution_command;
        this.script = script;
    }

    public String get_execution_command() {
        return execution_command;
    }

    public void set_execution_command(String execution_command) {
        this.execution_command = execution_command;
    }

    public String get_script() {
        return script;
    }

    public void set_script(String script) {
        this.script = script;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShellComponent s && Objects.equals(execution_command, s.execution_command)
                && Objects.equals(script, s.script);
    }

    @Override
    public int hashCode() {
        return Objects.hash(execution_command, script);
    }

    @Override
    public String toString() {
        return "ShellComponent(execution_command:" + execution_command + ", script:" + script + ")";
    }
}
