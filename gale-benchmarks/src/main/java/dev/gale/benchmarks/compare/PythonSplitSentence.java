package dev.gale.benchmarks.compare;

import dev.gale.task.ShellBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import java.util.Map;

/**
 * The word count's splitter as a multilang bolt: a Python subprocess on {@code storm.py} (from
 * {@code org.apache.storm:multilang-python}, on the classpath of either engine) that emits each
 * space-separated word of the sentence and acks it, as a {@code storm.BasicBolt}. The script is
 * passed with {@code python3 -c}, so it needs nothing in the topology's resources but
 * {@code storm.py}, which Python finds in the subprocess's working directory (the resources
 * directory both engines start it in). Not thread-safe: one instance per task, as any bolt.
 */
public class PythonSplitSentence extends ShellBolt implements IRichBolt {
    private static final long serialVersionUID = 1L;
    private static final String SCRIPT = String.join("\n",
            "import storm",
            "",
            "class SplitWords(storm.BasicBolt):",
            "    def process(self, tup):",
            "        for word in tup.values[0].split(' '):",
            "            if word:",
            "                storm.emit([word])",
            "",
            "SplitWords().run()",
            "");

    public PythonSplitSentence() {
        super("python3", "-c", SCRIPT);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word"));
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return null;
    }
}
