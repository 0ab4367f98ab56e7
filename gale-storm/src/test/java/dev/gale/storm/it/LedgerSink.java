package dev.gale.storm.it;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * Writes each tuple it gets as a line (the tag, the source task, then the values) and acks it.
 * Writes "P pid" when prepared.
 */
final class LedgerSink extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    private final Ledger ledger;
    private final String tag;
    private transient OutputCollector collector;
    private transient Ledger.Writer out;

    LedgerSink(Ledger ledger, String tag) {
        this.ledger = ledger;
        this.tag = tag;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.out = ledger.writer(context.getThisComponentId(), context.getThisTaskId());
        out.line("P", ProcessHandle.current().pid());
    }

    @Override
    public void execute(Tuple input) {
        Object[] words = new Object[input.size() + 2];
        words[0] = tag;
        words[1] = input.getSourceTask();
        for (int i = 0; i < input.size(); i++) {
            words[i + 2] = input.getValue(i);
        }
        out.line(words);
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
