package dev.gale.flux.test;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Tuple;
import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * The bolt of Storm's Flux tests ({@code org.apache.storm.flux.test.TestBolt}), which its YAML
 * files name: overloaded constructors, static factories and configuration methods of every kind
 * of argument. Records what it was given so the tests can check it.
 */
public class TestBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private String foo;
    private String bar;
    private String fooBar;
    private String none;
    private TestClass[] classes;
    private Duration timeLen;
    private Duration[] timeLenArr;

    /** A value with equality, passed as a reference. */
    public static class TestClass implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String field;

        public TestClass(String field) {
            this.field = field;
        }

        public String getField() {
            return field;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TestClass t && Objects.equals(field, t.field);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(field);
        }
    }

    /** An enum constructor argument. */
    public enum TestEnum {
        FOO,
        BAR
    }

    public TestBolt(TestEnum te) {
    }

    public TestBolt(TestEnum te, float f) {
    }

    public TestBolt(TestEnum te, float f, boolean b) {
    }

    public TestBolt(TestEnum te, float f, boolean b, TestClass... str) {
    }

    public TestBolt(Long l) {
    }

    @Override
    public void execute(Tuple tuple, BasicOutputCollector collector) {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }

    public void withFoo(String foo) {
        this.foo = foo;
    }

    public void withNone() {
        this.none = "hit";
    }

    public void withBar(String bar) {
        this.bar = bar;
    }

    public void withFooBar(String foo, String bar) {
        this.fooBar = foo + bar;
    }

    public void withClasses(TestClass... classes) {
        this.classes = classes;
    }

    public void setTimeLen(Duration x) {
        this.timeLen = x;
    }

    public void setTimeLenArr(Duration[] x) {
        this.timeLenArr = x;
    }

    public void withDuration(Duration x) {
        this.timeLen = x;
    }

    public void withDurationArr(Duration[] x) {
        this.timeLenArr = x;
    }

    public String getFoo() {
        return foo;
    }

    public String getBar() {
        return bar;
    }

    public String getFooBar() {
        return fooBar;
    }

    public String getNone() {
        return none;
    }

    public TestClass[] getClasses() {
        return classes;
    }

    public Duration getTimeLen() {
        return timeLen;
    }

    public Duration[] getTimeLenArr() {
        return timeLenArr;
    }

    public static TestBolt newInstance() {
        return newInstance(TestEnum.FOO);
    }

    public static TestBolt newInstance(TestEnum te) {
        return new TestBolt(te);
    }

    public static TestBolt newLongInstance(long l) {
        return new TestBolt(l);
    }
}
