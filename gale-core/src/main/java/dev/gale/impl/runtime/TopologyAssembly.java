package dev.gale.impl.runtime;

import dev.gale.Constants;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.executor.AckerExecutor;
import dev.gale.impl.executor.BoltExecutor;
import dev.gale.impl.executor.Control;
import dev.gale.impl.executor.Executor;
import dev.gale.impl.executor.SpoutExecutor;
import dev.gale.impl.timer.TopologyTimer;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.TopologyConf;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.impl.topology.TopologySettings;
import dev.gale.impl.transfer.Inbox;
import dev.gale.stats.ComponentKind;
import dev.gale.time.Clock;
import dev.gale.time.SimulatedClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Builds what a topology runs on from its validated plan: one inbox per executor (every task's
 * inbox known before any outbox is made), the spout, bolt and acker executors, the shared
 * {@link RuntimeEnv}, and the timer with its rotation and tick jobs. Built once, then read only.
 */
final class TopologyAssembly {
    final RuntimeEnv env;
    final List<Executor> executors = new ArrayList<>();
    final Map<Executor, List<Integer>> tasksOf = new HashMap<>();
    final Map<String, List<Executor>> byComponent = new LinkedHashMap<>();
    final TopologyTimer timer;

    private record Slot(String componentId, List<Integer> tasks, Inbox inbox) {
    }

    TopologyAssembly(TopologyPlan plan, TopologySettings settings, Launch launch, Runnable stopTopology) {
        Map<String, Object> conf = launch.conf();
        Clock clock = launch.clock();
        boolean stepped = launch.stepped();
        // Inboxes first: every executor's outbox needs every task's inbox.
        int maxTask = plan.allTasks().isEmpty() ? 0 : Collections.max(plan.allTasks());
        Inbox[] inboxByTask = new Inbox[maxTask + 1];
        List<Slot> slots = new ArrayList<>();
        for (String componentId : plan.componentIds()) {
            List<Integer> tasks = plan.tasksOf(componentId);
            int executorsOf = componentId.equals(Constants.ACKER_COMPONENT_ID)
                    ? tasks.size() : plan.settingsOf(componentId).executors();
            for (int e = 0; e < executorsOf; e++) {
                List<Integer> share = tasks.subList(e * tasks.size() / executorsOf, (e + 1) * tasks.size() / executorsOf);
                String label = componentId + "-" + share.get(0) + (share.size() > 1 ? "-" + share.get(share.size() - 1) : "");
                Inbox inbox = new Inbox(slots.size(), label, settings.receiveQueueSize());
                for (int t : share) {
                    inboxByTask[t] = inbox;
                }
                slots.add(new Slot(componentId, share, inbox));
            }
        }
        // What components see: Storm's defaults under the submitted conf; the engine reads `settings`.
        Map<String, Object> topoConf = TopologyConf.topologyView(conf, plan.name(),
                plan.components().values().stream().map(ComponentDef::conf).toList());
        // A timer thread on a simulated clock waits, after each instant, for its messages to be
        // handled, so that an advance returns with them done; stepped, the timer is a duty cycle.
        // Made first: bolt tasks schedule their own timers on it while they prepare.
        this.timer = new TopologyTimer(plan.name(), clock, !stepped && clock instanceof SimulatedClock);
        this.env = new RuntimeEnv(plan, topoConf, clock, inboxByTask, slots.size(), launch.observer(), stopTopology,
                launch.active(), timer);

        int expectedPending = ComponentConfigs.expectedPendingPerAcker(plan);
        for (Slot s : slots) {
            Executor ex;
            if (s.componentId.equals(Constants.ACKER_COMPONENT_ID)) {
                ex = new AckerExecutor(env, s.inbox, s.tasks.get(0), expectedPending);
            } else {
                ComponentDef def = plan.component(s.componentId);
                ex = def.kind() == ComponentKind.SPOUT
                        ? new SpoutExecutor(env, def, s.inbox, s.tasks)
                        : new BoltExecutor(env, def, s.inbox, s.tasks);
            }
            // The n-th executors of every component share a preferred thread: a pipeline's
            // hand-offs then stay on one thread (inline, see InlineReceiver).
            ex.affinity(byComponent.getOrDefault(s.componentId, List.of()).size());
            executors.add(ex);
            tasksOf.put(ex, List.copyOf(s.tasks));
            byComponent.computeIfAbsent(s.componentId, k -> new ArrayList<>()).add(ex);
        }

        if (env.tracking() && settings.messageTimeouts()) {
            List<Inbox> rotated = new ArrayList<>();
            for (Executor ex : executors) {
                if (ex.kind() != ComponentKind.BOLT) {
                    rotated.add(ex.inbox());
                }
            }
            timer.schedule(settings.rotationPeriodNanos(), Control.ROTATE, rotated);
        }
        for (ComponentDef def : plan.components().values()) {
            if (def.kind() != ComponentKind.BOLT) {
                continue;
            }
            int freq = plan.settingsOf(def.id()).tickFreqSecs();
            if (freq > 0) {
                List<Inbox> targets = new ArrayList<>();
                for (Executor ex : byComponent.get(def.id())) {
                    targets.add(ex.inbox());
                }
                timer.schedule(TimeUnit.SECONDS.toNanos(freq), Control.tick(freq), targets);
            }
        }
    }
}
