package jdbcpoollab.measure;

/**
 * One 100 ms sample of a step's window, as {@code timeline.csv} holds it.
 *
 * @param step         which step, its workload, pool and pass the sample's key
 * @param ms           time since the window opened, in ms
 * @param completed    operations completed since the previous sample
 * @param acquireP99Ms P99 of the acquire waits recorded since the previous sample (NaN without any)
 * @param active       connections lent out (-1: the pool library cannot tell)
 * @param idle         connections idle in the pool (-1: cannot tell)
 * @param waiting      threads waiting for a connection (-1: cannot tell)
 * @param database     the database's activity at that moment ({@link DatabaseActivity#what}), NaN when unknown
 */
public record TimelinePoint(StepId step, double ms, long completed, double acquireP99Ms, int active, int idle,
                            int waiting, double database) {
}
