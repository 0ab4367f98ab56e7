package dev.gale.testing;

import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;

/**
 * Answers configuration questions (Storm's test bolt): for a tuple naming a key, emits
 * {@code [key, value]} from the configuration it was prepared with, on fields
 * {@code conf, value}. Its own component configuration is the one given. Confined to its
 * executor's thread.
 */
public class TestConfBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private final Map<String, Object> componentConf;
    private transient Map<String, Object> conf;

    public TestConfBolt() {
        this(null);
    }

    public TestConfBolt(Map<String, Object> componentConf) {
        this.componentConf = componentConf;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        this.conf = conf;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("conf", "value"));
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String name = input.getString(0);
        collector.emit(new Values(name, conf.get(name)));
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return componentConf;
    }
}
