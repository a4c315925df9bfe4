package jdbcpoollab.settings;

/**
 * What a run was asked to do, as summary.json records it first under "settings": each simulation's settings record
 * is one, written as its components (and what it adds with {@code @JsonAnyGetter}).
 */
public interface RunSettings {
}
