package dev.gale.flux.internal;

import dev.gale.flux.FluxException;
import dev.gale.flux.model.BeanDef;
import dev.gale.flux.model.BeanListReference;
import dev.gale.flux.model.BeanReference;
import dev.gale.flux.model.ConfigMethodDef;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.ObjectDef;
import dev.gale.flux.model.PropertyDef;
import dev.gale.flux.model.TopologyDef;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the objects a Flux file describes: loads the class, calls the constructor or static
 * factory that fits the arguments (references resolved to components), sets properties and calls
 * configuration methods. Components are made when first referred to, so a reference may point
 * forward; a cycle of references is an error. Each error names the file, line and the
 * component, and what was looked for.
 *
 * <p>A component named by a Storm class name is made as Gale's class (see {@link ClassNames}). When
 * Storm's own class is on the classpath too, and a parameter the component is passed to takes
 * Storm's class but not Gale's (a Storm connector's {@code withFields(org.apache.storm.tuple.Fields)}),
 * that parameter gets the component made again, from the same definition, as Storm's class. Confined
 * to one build.
 */
public final class ObjectMaker {
    private static final Logger LOG = LoggerFactory.getLogger(ObjectMaker.class);

    private final ExecutionContext context;
    private final TopologyDef topology;
    private final Set<String> making = new LinkedHashSet<>();
    /** Components made as Gale's class for a Storm name, by identity, to their ids. */
    private final Map<Object, String> galeForStormName = new IdentityHashMap<>();
    /** The Storm class of each of those components (empty when Storm's class is not on the classpath). */
    private final Map<String, Optional<Class<?>>> stormClasses = new HashMap<>();
    /** Those components made again as Storm's class, made when first needed. */
    private final Map<String, Object> asStorm = new HashMap<>();

    public ObjectMaker(ExecutionContext context) {
        this.context = context;
        this.topology = context.getTopologyDef();
    }

    /** "file:line: what", the start of every message about {@code def}. */
    public static String subject(ObjectDef def, String what) {
        return def.getLocation() == null ? what : def.getLocation() + ": " + what;
    }

    /** Makes every component not made yet, in the order defined. */
    public void makeComponents() {
        for (BeanDef bean : topology.getComponents()) {
            component(bean.getId(), null);
        }
    }

    /** The component {@code id}, made now if it is not yet. */
    public Object component(String id, String wantedBy) {
        if (context.hasComponent(id)) {
            return context.getComponent(id);
        }
        BeanDef def = topology.getComponent(id);
        if (def == null) {
            throw new FluxException(wantedBy + ": refers to component '" + id + "', which is not defined" + otherKind(id)
                    + Closest.to(id, componentIds()).map(c -> " (did you mean '" + c + "'?)").orElse("")
                    + "; components: " + (componentIds().isEmpty() ? "none" : String.join(", ", componentIds())));
        }
        if (!making.add(id)) {
            throw new FluxException(subject(def, "component '" + id + "'") + ": components refer to each other in a cycle: "
                    + String.join(" -> ", making) + " -> " + id);
        }
        try {
            String what = "component '" + id + "'";
            Class<?> cls = load(def, subject(def, what));
            Object made = make(def, what, cls);
            context.addComponent(id, made);
            if (ClassNames.galeName(def.getClassName().trim()) != null && cls.getName().startsWith(ClassNames.GALE_PREFIX)) {
                galeForStormName.put(made, id);
            }
            return made;
        } finally {
            making.remove(id);
        }
    }

    /** The values substitution made, which messages show as written. */
    private Map<Object, String> written() {
        return topology.getSubstitutedValues();
    }

    private List<String> componentIds() {
        return topology.getComponents().stream().map(BeanDef::getId).toList();
    }

    private String otherKind(String id) {
        if (topology.getSpoutDef(id) != null || topology.getBoltDef(id) != null) {
            return " ('" + id + "' is a " + (topology.getSpoutDef(id) != null ? "spout" : "bolt")
                    + ": only entries of 'components' can be referred to)";
        }
        return "";
    }

    /** Makes the object {@code def} describes; {@code what} names it in messages ("bolt 'count'"). */
    public Object make(ObjectDef def, String what) {
        return make(def, what, load(def, subject(def, what)));
    }

    private Object make(ObjectDef def, String what, Class<?> cls) {
        String subject = subject(def, what);
        Object made;
        if (def.hasConstructorArgs()) {
            List<Object> args = resolve(def.getConstructorArgs(), subject);
            made = construct(cls, args, subject);
        } else if (def.hasFactory()) {
            List<Object> args = def.hasFactoryArgs() ? resolve(def.getFactoryArgs(), subject) : List.of();
            made = callFactory(cls, def.getFactory(), args, subject);
        } else {
            made = construct(cls, List.of(), subject);
        }
        configure(def, made, what);
        return made;
    }

    /** Sets the properties and calls the configuration methods {@code def} gives on {@code instance}. */
    public void configure(ObjectDef def, Object instance, String what) {
        String subject = subject(def, what);
        if (def.getProperties() != null) {
            for (PropertyDef p : def.getProperties()) {
                String at = p.getLocation() == null ? subject : p.getLocation() + ": " + what;
                Object value = p.isReference() ? component(p.getRef(), at) : p.getValue();
                setProperty(instance, p.getName(), value, at);
            }
        }
        if (def.getConfigMethods() != null) {
            for (ConfigMethodDef m : def.getConfigMethods()) {
                String at = m.getLocation() == null ? subject : m.getLocation() + ": " + what;
                List<Object> args = m.getArgs() == null ? List.of() : resolve(m.getArgs(), at);
                callConfigMethod(instance, m.getName(), args, at);
            }
        }
    }

    private Class<?> load(ObjectDef def, String subject) {
        String name = def.getClassName();
        if (name == null || name.isBlank()) {
            throw new FluxException(subject + ": has no className");
        }
        Class<?> cls;
        try {
            cls = ClassNames.find(name);
        } catch (LinkageError e) {
            throw new FluxException(subject + ": class " + name + " cannot be loaded: " + e, e);
        }
        if (cls == null) {
            String galeName = ClassNames.galeName(name);
            throw new FluxException(subject + ": no class " + name + " on the classpath"
                    + (galeName != null ? " (nor " + galeName + ", where Gale keeps Storm's classes: Gale has no such class)"
                    : ""));
        }
        return cls;
    }

    private List<Object> resolve(List<Object> args, String subject) {
        List<Object> out = new ArrayList<>(args.size());
        for (Object arg : args) {
            if (arg instanceof BeanReference ref) {
                out.add(component(ref.getId(), subject));
            } else if (arg instanceof BeanListReference refs) {
                List<Object> items = new ArrayList<>();
                for (String id : refs.getIds()) {
                    items.add(component(id, subject));
                }
                out.add(items);
            } else {
                out.add(arg);
            }
        }
        return out;
    }

    private Object construct(Class<?> cls, List<Object> args, String subject) {
        if (Modifier.isAbstract(cls.getModifiers()) || cls.isInterface()) {
            throw new FluxException(subject + ": " + cls.getName() + " is " + (cls.isInterface() ? "an interface" : "abstract")
                    + ": name a concrete class, or a 'factory' method that makes one");
        }
        List<Constructor<?>> constructors = List.of(cls.getConstructors());
        Constructor<?> best = closest(constructors, args, subject, "constructor");
        if (best == null) {
            throw new FluxException(subject + ": Couldn't find a suitable constructor for class '" + cls.getName()
                    + "' with " + (args.isEmpty() ? "no arguments" : "arguments " + Coercion.describe(args, written()))
                    + "; its public constructors: " + signatures(constructors));
        }
        try {
            return best.newInstance(Coercion.convert(fitted(args, best.getParameterTypes()), best.getParameterTypes()));
        } catch (InvocationTargetException e) {
            throw threw(subject, "new " + Coercion.signature(best), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new FluxException(subject + ": cannot call new " + Coercion.signature(best) + ": " + e, e);
        }
    }

    private Object callFactory(Class<?> cls, String name, List<Object> args, String subject) {
        List<Method> statics = Stream.of(cls.getMethods())
                .filter(m -> m.getName().equals(name) && Modifier.isStatic(m.getModifiers())).toList();
        Method best = closest(statics, args, subject, "factory method");
        if (best == null) {
            throw new FluxException(subject + ": Couldn't find a suitable static method '" + name + "' for class '"
                    + cls.getName() + "' with " + (args.isEmpty() ? "no arguments" : "arguments " + Coercion.describe(args, written()))
                    + (statics.isEmpty() ? "; it has no public static method " + name
                    : "; its public static methods " + name + ": " + signatures(statics)));
        }
        Object made = invoke(best, null, args, subject, cls.getSimpleName() + "." + Coercion.signature(best));
        if (made == null) {
            throw new FluxException(subject + ": factory " + cls.getSimpleName() + "." + Coercion.signature(best)
                    + " returned null");
        }
        return made;
    }

    private void callConfigMethod(Object instance, String name, List<Object> args, String subject) {
        Class<?> cls = instance.getClass();
        List<Method> named = Stream.of(cls.getMethods()).filter(m -> m.getName().equals(name)).toList();
        Method best = closest(named, args, subject, "configuration method");
        if (best == null) {
            throw new FluxException(subject + ": Unable to find configuration method '" + name + "' in class '"
                    + cls.getName() + "' with " + (args.isEmpty() ? "no arguments" : "arguments " + Coercion.describe(args, written()))
                    + (named.isEmpty() ? "; it has no public method " + name : "; its public methods " + name + ": "
                    + signatures(named)));
        }
        invoke(best, instance, args, subject, "configuration method " + Coercion.signature(best));
    }

    private void setProperty(Object instance, String name, Object value, String subject) {
        Class<?> cls = instance.getClass();
        String setter = "set" + name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
        List<Method> setters = Stream.of(cls.getMethods())
                .filter(m -> m.getName().equals(setter) && m.getParameterCount() == 1 && !Modifier.isStatic(m.getModifiers()))
                .toList();
        Method best = closest(setters, valueList(value), subject, "setter");
        if (best != null) {
            invoke(best, instance, valueList(value), subject, "setter " + Coercion.signature(best));
            return;
        }
        Field field = publicField(cls, name);
        if (field != null && cost(value, field.getType()) != Coercion.NO_FIT) {
            try {
                field.set(instance, Coercion.convert(fitted(value, field.getType()), field.getType()));
                return;
            } catch (IllegalAccessException | RuntimeException e) {
                throw new FluxException(subject + ": cannot set field " + name + ": " + e, e);
            }
        }
        throw new FluxException(subject + ": property '" + name + "': class '" + cls.getName() + "' has no public setter "
                + setter + " or field " + name + " taking " + Coercion.describe(value, written())
                + (setters.isEmpty() && field == null ? "" : "; it has " + Stream.concat(
                        setters.stream().map(Coercion::signature),
                        Stream.ofNullable(field).map(f -> "field " + f.getType().getSimpleName() + " " + f.getName()))
                        .collect(Collectors.joining(", "))));
    }

    private static List<Object> valueList(Object value) {
        List<Object> one = new ArrayList<>(1);
        one.add(value);
        return one;
    }

    private static Field publicField(Class<?> cls, String name) {
        try {
            Field f = cls.getField(name);
            return Modifier.isStatic(f.getModifiers()) || Modifier.isFinal(f.getModifiers()) ? null : f;
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    /** {@link Coercion#cost(List, Class[])}, where a component that fits only as Storm's class costs 1. */
    private int cost(List<Object> args, Class<?>[] parameters) {
        if (args.size() != parameters.length) {
            return Coercion.NO_FIT;
        }
        int total = 0;
        for (int i = 0; i < parameters.length; i++) {
            int c = cost(args.get(i), parameters[i]);
            if (c == Coercion.NO_FIT) {
                return Coercion.NO_FIT;
            }
            total += c;
        }
        return total;
    }

    private int cost(Object value, Class<?> parameter) {
        int c = Coercion.cost(value, parameter);
        if (c != Coercion.NO_FIT) {
            return c;
        }
        Class<?> storm = stormClass(value);
        return storm != null && parameter.isAssignableFrom(storm) ? 1 : Coercion.NO_FIT;
    }

    /** {@code args} with each component that fits its parameter only as Storm's class made as that. */
    private List<Object> fitted(List<Object> args, Class<?>[] parameters) {
        List<Object> out = new ArrayList<>(args.size());
        for (int i = 0; i < args.size(); i++) {
            out.add(fitted(args.get(i), parameters[i]));
        }
        return out;
    }

    private Object fitted(Object value, Class<?> parameter) {
        if (Coercion.cost(value, parameter) != Coercion.NO_FIT || stormClass(value) == null) {
            return value;
        }
        String id = galeForStormName.get(value);
        Object made = asStorm.get(id);
        if (made == null) {
            BeanDef def = topology.getComponent(id);
            String what = "component '" + id + "' (as Storm's " + stormClass(value).getName() + ")";
            if (!making.add(id)) {
                throw new FluxException(subject(def, what) + ": components refer to each other in a cycle: "
                        + String.join(" -> ", making) + " -> " + id);
            }
            try {
                made = make(def, what, stormClass(value));
            } finally {
                making.remove(id);
            }
            LOG.debug("{}: made as Storm's class for a parameter of that type", subject(def, what));
            asStorm.put(id, made);
        }
        return made;
    }

    /** Storm's class for a component made as Gale's class for a Storm name, or null. */
    private Class<?> stormClass(Object value) {
        String id = value == null ? null : galeForStormName.get(value);
        if (id == null) {
            return null;
        }
        return stormClasses.computeIfAbsent(id, i -> {
            try {
                return Optional.ofNullable(ClassNames.stormClass(topology.getComponent(i).getClassName()));
            } catch (LinkageError e) {
                LOG.debug("Storm's class for component '{}' cannot be loaded", i, e);
                return Optional.empty();
            }
        }).orElse(null);
    }

    /** Of {@code candidates}, the one {@code args} fit at least cost, or null; ties go to the first by signature. */
    private <E extends Executable> E closest(List<E> candidates, List<Object> args, String subject, String kind) {
        List<E> fitting = new ArrayList<>();
        int bestCost = Integer.MAX_VALUE;
        for (E e : candidates.stream().sorted(Comparator.comparing(Executable::toGenericString)).toList()) {
            int cost = cost(args, e.getParameterTypes());
            if (cost == Coercion.NO_FIT) {
                continue;
            }
            if (cost < bestCost) {
                bestCost = cost;
                fitting.clear();
            }
            if (cost == bestCost) {
                fitting.add(e);
            }
        }
        if (fitting.size() > 1) {
            LOG.warn("{}: arguments {} fit {} {}s equally well; using {}", subject, Coercion.describe(args, written()), fitting.size(),
                    kind, Coercion.signature(fitting.get(0)));
        }
        return fitting.isEmpty() ? null : fitting.get(0);
    }

    private Object invoke(Method m, Object target, List<Object> args, String subject, String shown) {
        try {
            return m.invoke(target, Coercion.convert(fitted(args, m.getParameterTypes()), m.getParameterTypes()));
        } catch (InvocationTargetException e) {
            throw threw(subject, shown, e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new FluxException(subject + ": cannot call " + shown + ": " + e, e);
        }
    }

    private static FluxException threw(String subject, String call, Throwable cause) {
        return new FluxException(subject + ": " + call + " threw " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage()), cause);
    }

    private static String signatures(List<? extends Executable> executables) {
        return executables.isEmpty() ? "none" : executables.stream().map(Coercion::signature).sorted()
                .collect(Collectors.joining(", "));
    }
}
